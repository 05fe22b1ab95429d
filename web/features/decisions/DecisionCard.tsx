import { memo } from 'react';
import { Eye, Pencil, Trash2, Vote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DecisionListItem } from '../../../shared/api/decisions.ts';
import { Button, ButtonLink } from '../../components/ui/Button.tsx';
import type { useFormatters } from '../../lib/format.ts';
import { DecisionBadges } from './DecisionBadges.tsx';

interface DecisionCardProps {
  decision: DecisionListItem;
  format: ReturnType<typeof useFormatters>;
  onDelete: (id: number) => void;
}

/** One dashboard card; memoised because a dashboard may page through thousands of decisions. */
export const DecisionCard = memo(function DecisionCard({ decision, format, onDelete }: DecisionCardProps) {
  const { t } = useTranslation();
  // Every card has the same buttons; the accessible name says which decision each one acts on.
  const labelFor = (action: string) => `${action}: ${decision.name}`;
  return (
    <li className="flex">
      <article
        aria-labelledby={`decision-${decision.id}-name`}
        className="flex w-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex items-start justify-between gap-3">
          <DecisionBadges decision={decision} />
          {decision.score !== null ? (
            <span className="shrink-0 rounded-lg bg-indigo-50 px-2 py-1 text-sm font-semibold text-indigo-800 tabular-nums dark:bg-indigo-950 dark:text-indigo-200">
              {t('decision.score', { score: format.number(decision.score, 1) })}
            </span>
          ) : null}
        </div>
        <h2
          id={`decision-${decision.id}-name`}
          className="line-clamp-2 text-lg font-semibold break-words text-slate-900 dark:text-white"
        >
          {decision.name}
        </h2>
        {decision.description ? (
          <p className="line-clamp-3 text-sm break-words text-slate-700 dark:text-slate-300">
            {decision.description}
          </p>
        ) : null}
        <dl className="mt-auto grid grid-cols-[auto_1fr] gap-x-3 text-xs text-slate-600 dark:text-slate-400">
          <dt>{t('decision.created')}</dt>
          <dd>
            <time dateTime={decision.created_at}>{format.date(decision.created_at)}</time>
          </dd>
          <dt>{t('decision.updated')}</dt>
          <dd>
            <time dateTime={decision.updated_at}>{format.date(decision.updated_at)}</time>
          </dd>
        </dl>
        <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3 dark:border-slate-800">
          <ButtonLink
            to={`/decision/${decision.id}`}
            variant="secondary"
            size="sm"
            aria-label={labelFor(t('decision.details'))}
          >
            <Eye aria-hidden size={14} />
            {t('decision.details')}
          </ButtonLink>
          {decision.is_team ? (
            <ButtonLink
              to={`/team-decision/${decision.id}/edit`}
              variant="secondary"
              size="sm"
              aria-label={labelFor(t('decision.vote'))}
            >
              <Vote aria-hidden size={14} />
              {t('decision.vote')}
            </ButtonLink>
          ) : (
            <ButtonLink
              to={`/decision/${decision.id}/edit`}
              variant="secondary"
              size="sm"
              aria-label={labelFor(t('decision.edit'))}
            >
              <Pencil aria-hidden size={14} />
              {t('decision.edit')}
            </ButtonLink>
          )}
          {decision.role === 'owner' ? (
            <Button
              variant="danger"
              size="sm"
              className="ml-auto"
              aria-label={labelFor(t('decision.delete'))}
              onClick={() => onDelete(decision.id)}
            >
              <Trash2 aria-hidden size={14} />
              {t('decision.delete')}
            </Button>
          ) : null}
        </div>
      </article>
    </li>
  );
});
