import { useTranslation } from 'react-i18next';
import type { WorkspaceRole } from './workspaces-api.ts';

const roleClasses: Record<WorkspaceRole, string> = {
  owner: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200',
  admin: 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200',
  member: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
};

/** A workspace role as a small badge (Owner, Admin, Member). */
export function WorkspaceRoleBadge({ role }: { role: WorkspaceRole }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${roleClasses[role]}`}
    >
      {t(`roles.${role}`)}
    </span>
  );
}
