import { useTranslation } from 'react-i18next';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { useFormatters } from '../../lib/format.ts';
import { ReasonTooltip } from '../ai/ReasonTooltip.tsx';

const headClasses =
  'border-b border-slate-200 px-3 py-3 font-medium text-slate-800 dark:border-slate-700 dark:text-slate-200';
const cellClasses = 'border-b border-slate-100 px-3 py-3 tabular-nums dark:border-slate-800';

/**
 * Options × criteria with the team value of every cell (mean of the votes, 1 decimal, "–" without
 * votes), each criterion's team weight, and the team result per option (2 decimals) with a trophy on
 * the top score(s).
 */
export function TeamResultsMatrix({ details }: { details: DecisionDetails }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const cells = new Map(
    (details.teamResults?.cells ?? []).map((cell) => [`${cell.option_id}:${cell.criterion_id}`, cell]),
  );
  const weights = new Map(
    (details.teamResults?.weights ?? []).map((weight) => [weight.criterion_id, weight.weight]),
  );
  // In AI mode every cell carries the AI's reason, shown on hover or focus.
  const aiReasons = new Map(
    details.decision.mode === 'ai'
      ? details.evaluations
          .filter((evaluation) => evaluation.generated_by === 'ai' && evaluation.explanation)
          .map((evaluation) => [`${evaluation.option_id}:${evaluation.criterion_id}`, evaluation.explanation])
      : [],
  );
  const ranking = new Map(details.results.ranking.map((entry) => [entry.option_id, entry]));
  const hasResult = details.results.ranking.some((entry) => entry.total > 0);

  return (
    // Focusable so keyboard users can scroll a wide matrix sideways.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="team-matrix-caption">
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption id="team-matrix-caption" className="sr-only">
          {t('teamView.matrixCaption')}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={`${headClasses} pl-0 text-left text-slate-600 dark:text-slate-400`}>
              {t('teamView.option')}
            </th>
            {details.criteria.map((criterion) => (
              <th key={criterion.id} scope="col" className={`${headClasses} text-center align-bottom`}>
                <span className="block">{criterion.name}</span>
                <span className="block text-xs font-normal text-slate-600 tabular-nums dark:text-slate-400">
                  {t('teamView.teamWeight', { weight: format.number(weights.get(criterion.id) ?? 0, 1) })}
                </span>
              </th>
            ))}
            <th scope="col" className={`${headClasses} pr-0 text-right`}>
              {t('teamView.teamResult')}
            </th>
          </tr>
        </thead>
        <tbody>
          {details.options.map((option) => {
            const entry = ranking.get(option.id);
            const isTop = hasResult && entry?.is_top === true;
            return (
              <tr
                key={option.id}
                data-top={isTop || undefined}
                className={isTop ? 'bg-emerald-50 dark:bg-emerald-950/40' : ''}
              >
                <th
                  scope="row"
                  className={`${cellClasses} pl-0 text-left font-medium ${
                    isTop ? 'text-emerald-900 dark:text-emerald-200' : 'text-slate-900 dark:text-white'
                  }`}
                >
                  {option.name}
                </th>
                {details.criteria.map((criterion) => {
                  const cell = cells.get(`${option.id}:${criterion.id}`);
                  const reason = aiReasons.get(`${option.id}:${criterion.id}`);
                  const reasonId = `team-reason-${option.id}-${criterion.id}`;
                  return (
                    <td
                      key={criterion.id}
                      className={`${cellClasses} text-center text-slate-800 dark:text-slate-200`}
                    >
                      {cell && cell.votes > 0 ? (
                        <>
                          {reason ? (
                            <ReasonTooltip id={reasonId} reason={reason}>
                              <button
                                type="button"
                                aria-describedby={reasonId}
                                className="rounded px-1 font-medium underline decoration-violet-400 decoration-dotted underline-offset-4 focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none"
                              >
                                {format.number(cell.value, 1)}
                              </button>
                            </ReasonTooltip>
                          ) : (
                            <span className="block font-medium">{format.number(cell.value, 1)}</span>
                          )}
                          <span className="block text-xs text-slate-600 dark:text-slate-400">
                            {t('teamView.votes', { count: cell.votes })}
                          </span>
                        </>
                      ) : (
                        <>
                          <span aria-hidden>–</span>
                          <span className="sr-only">{t('teamView.noVotes')}</span>
                        </>
                      )}
                    </td>
                  );
                })}
                <td
                  data-testid="team-result"
                  className={`${cellClasses} pr-0 text-right text-base font-bold ${
                    isTop ? 'text-emerald-800 dark:text-emerald-300' : 'text-slate-900 dark:text-white'
                  }`}
                >
                  <span className="inline-flex items-center gap-1.5">
                    {isTop ? (
                      <span role="img" aria-label={t('teamView.topScore')} title={t('teamView.topScore')}>
                        🏆
                      </span>
                    ) : null}
                    {format.number(entry?.total ?? 0, 2)}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The team result formula in words (DESIGN.md asks for it next to the result). */
export function TeamFormula({ mode }: { mode: 'manual' | 'ai' }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
      <h3 className="font-medium text-slate-900 dark:text-white">{t('teamView.formulaTitle')}</h3>
      <ol className="mt-2 flex list-decimal flex-col gap-1.5 pl-5">
        <li>{t('teamView.formulaWeight')}</li>
        <li>{mode === 'ai' ? t('teamView.formulaCellAi') : t('teamView.formulaCell')}</li>
        <li>{t('teamView.formulaResult')}</li>
      </ol>
    </div>
  );
}
