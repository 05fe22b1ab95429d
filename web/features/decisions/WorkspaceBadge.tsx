import { Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DecisionListItem } from '../../../shared/api/decisions.ts';

/** Issue 29: the workspace a decision belongs to, on its card and its page. */
export function WorkspaceBadge({ workspace }: { workspace: NonNullable<DecisionListItem['workspace']> }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="decision-workspace"
      className="inline-flex max-w-full min-w-0 items-center gap-1 rounded-full bg-teal-50 px-2.5 py-0.5 text-xs font-semibold text-teal-900 dark:bg-teal-950 dark:text-teal-100"
    >
      <Building2 aria-hidden size={12} className="shrink-0" />
      <span className="sr-only">{t('workspaces.badgeLabel')} </span>
      <span className="truncate">{workspace.name}</span>
    </span>
  );
}
