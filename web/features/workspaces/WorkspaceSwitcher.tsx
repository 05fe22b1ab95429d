import { QueryClientProvider } from '@tanstack/react-query';
import { Building2, Check, ChevronDown, Settings2 } from 'lucide-react';
import {
  Button,
  Header,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  Separator,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { inputClasses } from '../../components/ui/TextField.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { useWorkspaceChoice } from './useWorkspaceChoice.ts';
import { choiceValue, parseChoice } from './workspace-choice.ts';

interface WorkspaceSwitcherProps {
  /** "bar": a compact menu button in the desktop navbar; "menu": a select in the phone's menu. */
  variant: 'bar' | 'menu';
}

const itemClasses =
  'flex h-10 cursor-pointer items-center gap-3 rounded-md px-3 text-sm text-slate-800 outline-none data-focused:bg-indigo-50 data-focused:text-indigo-800 dark:text-slate-100 dark:data-focused:bg-slate-800 dark:data-focused:text-white';

/** Desktop: a button naming the current workspace; its menu lists Personal, each workspace and "Manage". */
function SwitcherMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { choice, workspaces } = useWorkspaceChoice();
  const currentName =
    choice === 'personal'
      ? t('workspaces.switcher.personal')
      : (workspaces?.find((workspace) => workspace.id === choice)?.name ?? t('workspaces.switcher.personal'));

  return (
    <MenuTrigger>
      <Button
        aria-label={t('workspaces.switcher.button', { name: currentName })}
        className="flex h-10 max-w-48 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-slate-800 outline-none hover:bg-slate-200/70 data-focus-visible:outline-2 data-focus-visible:outline-indigo-500 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        <Building2 aria-hidden size={18} className="shrink-0" />
        <span className="hidden truncate xl:inline">{currentName}</span>
        <ChevronDown aria-hidden size={14} className="hidden shrink-0 xl:block" />
      </Button>
      <Popover
        placement="bottom end"
        className="max-h-[70vh] w-64 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg outline-none dark:border-slate-700 dark:bg-slate-900"
      >
        <Menu className="outline-none" aria-label={t('workspaces.switcher.label')}>
          <WorkspaceMenuSection />
          <Separator className="my-1 border-t border-slate-200 dark:border-slate-700" />
          <MenuSection>
            <MenuItem id="manage" className={itemClasses} onAction={() => void navigate('/workspaces')}>
              <Settings2 aria-hidden size={16} />
              {t('workspaces.switcher.manage')}
            </MenuItem>
          </MenuSection>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/**
 * The same choice as a section of another menu (the account menu between md and lg, where the navbar
 * has no room for the switcher's own button). Rendered inside a React Aria Menu.
 */
export function WorkspaceMenuSection() {
  const { t } = useTranslation();
  const { choice, workspaces, choose } = useWorkspaceChoice();
  return (
    <MenuSection
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[choiceValue(choice)]}
      onSelectionChange={(keys) => {
        if (keys === 'all') return;
        const [key] = [...keys];
        if (key !== undefined) choose(parseChoice(String(key)));
      }}
    >
      <Header className="px-3 py-2 text-xs font-semibold text-slate-600 uppercase dark:text-slate-400">
        {t('workspaces.switcher.label')}
      </Header>
      {[
        { id: 'personal', name: t('workspaces.switcher.personal') },
        ...(workspaces ?? []).map((workspace) => ({ id: String(workspace.id), name: workspace.name })),
      ].map((item) => (
        <MenuItem key={item.id} id={item.id} textValue={item.name} className={itemClasses}>
          {({ isSelected }) => (
            <>
              <Check aria-hidden size={16} className={`shrink-0 ${isSelected ? '' : 'invisible'}`} />
              <span className="truncate">{item.name}</span>
            </>
          )}
        </MenuItem>
      ))}
    </MenuSection>
  );
}

/** Phone: a labelled native select and a link to the workspaces, inside the menu. */
function SwitcherSelect() {
  const { t } = useTranslation();
  const { choice, workspaces, choose } = useWorkspaceChoice();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="workspace-switcher" className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {t('workspaces.switcher.label')}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <select
          id="workspace-switcher"
          value={choiceValue(choice)}
          onChange={(event) => choose(parseChoice(event.target.value))}
          className={`${inputClasses} h-10 min-w-0 flex-1`}
        >
          <option value="personal">{t('workspaces.switcher.personal')}</option>
          {(workspaces ?? []).map((workspace) => (
            <option key={workspace.id} value={String(workspace.id)}>
              {workspace.name}
            </option>
          ))}
        </select>
        <Link to="/workspaces" className={buttonClasses('secondary', 'md')}>
          <Settings2 aria-hidden size={18} />
          {t('workspaces.switcher.manage')}
        </Link>
      </div>
    </div>
  );
}

/** The navbar's workspace switcher: "Personal" and each workspace; the dashboard shows the choice. */
export default function WorkspaceSwitcher({ variant }: WorkspaceSwitcherProps) {
  return (
    <QueryClientProvider client={queryClient}>
      {variant === 'bar' ? <SwitcherMenu /> : <SwitcherSelect />}
    </QueryClientProvider>
  );
}
