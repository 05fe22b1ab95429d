import { useTranslation } from 'react-i18next';
import type { Decision, DecisionListItem } from '../../../shared/api/decisions.ts';
import { statusBadgeOf, type StatusBadge } from './status-badge.ts';

const badgeClasses = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold';

const statusClasses: Record<StatusBadge, string> = {
  draft: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  open: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  votingEnded: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  completedByAi: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200',
  decided: 'bg-teal-100 text-teal-900 dark:bg-teal-950 dark:text-teal-200',
};

/**
 * SOLO or TEAM, the mode (Manual or AI), for personal decisions who may see it, and for team
 * decisions on the dashboard where voting stands.
 */
export function DecisionBadges({
  decision,
  showVisibility = false,
  status,
}: {
  decision: Pick<Decision, 'type' | 'mode'>;
  showVisibility?: boolean;
  /** A list item's status and lock: team decisions always, personal ones once decided. */
  status?: Pick<DecisionListItem, 'status' | 'lock'> | undefined;
}) {
  const { t } = useTranslation();
  const isTeam = decision.type === 'team';
  const statusBadge = status ? statusBadgeOf({ ...status, type: decision.type }) : null;
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <span
        className={`${badgeClasses} ${
          isTeam
            ? 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200'
            : 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200'
        }`}
      >
        {isTeam ? t('decision.badge.team') : t('decision.badge.solo')}
      </span>
      <span className={`${badgeClasses} bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300`}>
        {t(`decision.mode.${decision.mode}`)}
      </span>
      {showVisibility && !isTeam ? (
        <span className={`${badgeClasses} bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300`}>
          {t(`decision.type.${decision.type}`)}
        </span>
      ) : null}
      {statusBadge ? (
        <span className={`${badgeClasses} ${statusClasses[statusBadge]}`}>
          {t(`decision.status.${statusBadge}`)}
        </span>
      ) : null}
    </span>
  );
}
