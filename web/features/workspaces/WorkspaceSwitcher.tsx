import { QueryClientProvider } from '@tanstack/react-query';
import { Settings2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { inputClasses } from '../../components/ui/TextField.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { useWorkspaceChoice } from './useWorkspaceChoice.ts';
import { choiceValue, parseChoice } from './workspace-choice.ts';

interface WorkspaceSwitcherProps {
  /** "bar": the compact select of the desktop navbar; "menu": full width in the phone's menu. */
  variant: 'bar' | 'menu';
}

function Switcher({ variant }: WorkspaceSwitcherProps) {
  const { t } = useTranslation();
  const { choice, workspaces, choose } = useWorkspaceChoice();
  const id = `workspace-switcher-${variant}`;
  const isMenu = variant === 'menu';
  return (
    <div className={isMenu ? 'flex flex-col gap-1.5' : 'flex items-center gap-1'}>
      <label
        htmlFor={id}
        className={isMenu ? 'text-sm font-medium text-slate-800 dark:text-slate-200' : 'sr-only'}
      >
        {t('workspaces.switcher.label')}
      </label>
      <div className="flex items-center gap-1">
        <select
          id={id}
          value={choiceValue(choice)}
          onChange={(event) => choose(parseChoice(event.target.value))}
          className={`${inputClasses} h-10 ${isMenu ? 'flex-1' : 'w-32 truncate lg:w-40'}`}
        >
          <option value="personal">{t('workspaces.switcher.personal')}</option>
          {(workspaces ?? []).map((workspace) => (
            <option key={workspace.id} value={String(workspace.id)}>
              {workspace.name}
            </option>
          ))}
        </select>
        <Link
          to="/workspaces"
          aria-label={isMenu ? undefined : t('workspaces.switcher.manage')}
          title={isMenu ? undefined : t('workspaces.switcher.manage')}
          className={isMenu ? buttonClasses('secondary', 'md') : buttonClasses('ghost', 'icon')}
        >
          <Settings2 aria-hidden size={18} />
          {isMenu ? <span>{t('workspaces.switcher.manage')}</span> : null}
        </Link>
      </div>
    </div>
  );
}

/** The navbar's workspace switcher: "Personal" and each workspace; the dashboard shows the choice. */
export default function WorkspaceSwitcher(props: WorkspaceSwitcherProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <Switcher {...props} />
    </QueryClientProvider>
  );
}
