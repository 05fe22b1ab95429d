import { useTranslation } from 'react-i18next';
import type { Decision, DecisionListItem } from '../../../shared/api/decisions.ts';

const badgeClasses = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold';

type TeamStatus = 'draft' | 'open' | 'votingEnded' | 'completedByAi';

const statusClasses: Record<TeamStatus, string> = {
  draft: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  open: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  votingEnded: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  completedByAi: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200',
};

/** Where a team decision stands, in words: a closed one says why (voting ended or completed by AI). */
export function teamStatusOf(decision: Pick<DecisionListItem, 'status' | 'lock'>): TeamStatus {
  if (decision.lock === 'ai') return 'completedByAi';
  if (decision.status === 'closed') return 'votingEnded';
  return decision.status;
}

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
  /** A list item's status and lock; shown for team decisions (a personal one is always open). */
  status?: Pick<DecisionListItem, 'status' | 'lock'> | undefined;
}) {
  const { t } = useTranslation();
  const isTeam = decision.type === 'team';
  const teamStatus = isTeam && status ? teamStatusOf(status) : null;
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
      {teamStatus ? (
        <span className={`${badgeClasses} ${statusClasses[teamStatus]}`}>
          {t(`decision.status.${teamStatus}`)}
        </span>
      ) : null}
    </span>
  );
}
