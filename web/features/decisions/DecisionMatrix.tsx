import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { useFormatters } from '../../lib/format.ts';
import { ReasonTooltip } from '../ai/ReasonTooltip.tsx';
import { ownerEvaluations } from './decision-form-model.ts';

/** Options by criteria with each value or "–", the weights in the header and the Total per option. */
export function DecisionMatrix({ details }: { details: DecisionDetails }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const cells = new Map(
    ownerEvaluations(details).map((evaluation) => [
      `${evaluation.option_id}:${evaluation.criterion_id}`,
      evaluation,
    ]),
  );
  const rankingByOption = new Map(details.results.ranking.map((entry) => [entry.option_id, entry]));
  const hasScores = details.results.ranking.some((entry) => entry.total > 0);

  return (
    // Focusable so keyboard users can scroll a wide matrix sideways.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable
    <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-labelledby="matrix-caption">
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption id="matrix-caption" className="sr-only">
          {t('matrix.caption')}
        </caption>
        <thead>
          <tr>
            <th
              scope="col"
              className="border-b border-slate-200 py-3 pr-3 text-left font-medium text-slate-600 dark:border-slate-700 dark:text-slate-400"
            >
              {t('matrix.option')}
            </th>
            {details.criteria.map((criterion) => (
              <th
                key={criterion.id}
                scope="col"
                className="border-b border-slate-200 px-3 py-3 text-center align-bottom font-medium text-slate-800 dark:border-slate-700 dark:text-slate-200"
              >
                <span className="block">{criterion.name}</span>
                <span className="block text-xs font-normal text-slate-600 tabular-nums dark:text-slate-400">
                  {t('matrix.weight', { weight: format.plain(criterion.importance) })}
                </span>
              </th>
            ))}
            <th
              scope="col"
              className="border-b border-slate-200 py-3 pl-3 text-right font-medium text-slate-800 dark:border-slate-700 dark:text-slate-200"
            >
              {t('matrix.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {details.options.map((option) => {
            const entry = rankingByOption.get(option.id);
            const isTop = hasScores && entry?.is_top === true;
            return (
              <tr
                key={option.id}
                data-top={isTop || undefined}
                className={isTop ? 'bg-emerald-50 dark:bg-emerald-950/40' : ''}
              >
                <th
                  scope="row"
                  className={`border-b border-slate-100 py-3 pr-3 text-left font-medium dark:border-slate-800 ${
                    isTop ? 'text-emerald-900 dark:text-emerald-200' : 'text-slate-900 dark:text-white'
                  }`}
                >
                  <span className="flex items-center gap-2">
                    {isTop ? (
                      <Trophy aria-hidden size={16} className="shrink-0 text-amber-600 dark:text-amber-400" />
                    ) : null}
                    <span>{option.name}</span>
                    {isTop ? (
                      <span className="rounded-full bg-emerald-700 px-2 whitespace-nowrap py-0.5 text-xs font-semibold text-white dark:bg-emerald-400 dark:text-emerald-950">
                        {t('matrix.topOption')}
                      </span>
                    ) : null}
                  </span>
                </th>
                {details.criteria.map((criterion) => {
                  const cell = cells.get(`${option.id}:${criterion.id}`);
                  const reasonId = `reason-${option.id}-${criterion.id}`;
                  return (
                    <td
                      key={criterion.id}
                      className="border-b border-slate-100 px-3 py-3 text-center text-slate-800 tabular-nums dark:border-slate-800 dark:text-slate-200"
                    >
                      {cell === undefined ? (
                        <>
                          <span aria-hidden>–</span>
                          <span className="sr-only">{t('matrix.noValue')}</span>
                        </>
                      ) : cell.explanation ? (
                        // A button so keyboard users can focus the cell and read the reason.
                        <ReasonTooltip id={reasonId} reason={cell.explanation}>
                          <button
                            type="button"
                            aria-describedby={reasonId}
                            className="min-w-8 rounded px-1 tabular-nums underline decoration-violet-400 decoration-dotted underline-offset-4 focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none"
                          >
                            {cell.value}
                          </button>
                        </ReasonTooltip>
                      ) : (
                        cell.value
                      )}
                    </td>
                  );
                })}
                <td
                  className={`border-b border-slate-100 py-3 pl-3 text-right text-base font-bold tabular-nums dark:border-slate-800 ${
                    isTop ? 'text-emerald-800 dark:text-emerald-300' : 'text-slate-900 dark:text-white'
                  }`}
                >
                  {format.number(entry?.total ?? 0, 1)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
