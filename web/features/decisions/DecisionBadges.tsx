import { useTranslation } from 'react-i18next';
import type { Decision } from '../../../shared/api/decisions.ts';

const badgeClasses = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold';

/** SOLO or TEAM, the mode (Manual or AI) and, for personal decisions, who may see it. */
export function DecisionBadges({
  decision,
  showVisibility = false,
}: {
  decision: Pick<Decision, 'type' | 'mode'>;
  showVisibility?: boolean;
}) {
  const { t } = useTranslation();
  const isTeam = decision.type === 'team';
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
    </span>
  );
}
