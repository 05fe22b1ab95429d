import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/Card.tsx';
import { SelectField } from '../../components/ui/SelectField.tsx';
import type { WorkspaceOption } from './new-team-decision-model.ts';

interface WorkspaceFieldProps {
  /** Workspaces where the caller is owner or admin; without any the field is not shown. */
  options: readonly WorkspaceOption[];
  workspace: WorkspaceOption | null;
  onPick: (picked: number | 'none') => void;
}

/**
 * Issue 29: the workspace a new team decision belongs to. Chosen, its members take part without
 * invitations, and the form says how many.
 */
export function WorkspaceField({ options, workspace, onPick }: WorkspaceFieldProps) {
  const { t } = useTranslation();
  if (options.length === 0) return null;
  return (
    <Card className="flex flex-col gap-2">
      <SelectField
        id="team-workspace"
        label={t('workspaces.teamForm.label')}
        hint={t('workspaces.teamForm.hint')}
        value={workspace ? String(workspace.id) : 'none'}
        onChange={(event) => onPick(event.target.value === 'none' ? 'none' : Number(event.target.value))}
      >
        <option value="none">{t('workspaces.teamForm.none')}</option>
        {options.map((option) => (
          <option key={option.id} value={String(option.id)}>
            {option.name}
          </option>
        ))}
      </SelectField>
      {workspace ? (
        <p
          role="status"
          className="flex items-start gap-3 rounded-xl border border-teal-200 bg-teal-50 p-4 text-sm text-teal-900 dark:border-teal-900 dark:bg-teal-950/40 dark:text-teal-100"
        >
          <Users aria-hidden size={18} className="mt-0.5 shrink-0" />
          {t('workspaces.teamForm.allMembers', { count: workspace.member_count, name: workspace.name })}
        </p>
      ) : null}
    </Card>
  );
}
