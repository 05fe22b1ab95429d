import { useTranslation } from 'react-i18next';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { MatrixTable, StackedHeader } from '../../components/ui/MatrixTable.tsx';
import { Tooltip, tooltipTriggerClasses } from '../../components/ui/Tooltip.tsx';
import { useFormatters } from '../../lib/format.ts';
import { cellKey } from '../../lib/matrix-model.ts';

/**
 * Options × criteria with the team value of every cell (mean of the votes, 1 decimal, "–" without
 * votes), each criterion's team weight, and the team result per option (2 decimals) with a trophy on
 * the top score(s).
 */
export function TeamResultsMatrix({ details }: { details: DecisionDetails }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const cells = new Map(
    (details.teamResults?.cells ?? []).map((cell) => [cellKey(cell.option_id, cell.criterion_id), cell]),
  );
  const weights = new Map(
    (details.teamResults?.weights ?? []).map((weight) => [weight.criterion_id, weight.weight]),
  );
  // In AI mode every cell carries the AI's reason, shown on hover or focus.
  const aiReasons = new Map(
    details.decision.mode === 'ai'
      ? details.evaluations
          .filter((evaluation) => evaluation.generated_by === 'ai' && evaluation.explanation)
          .map((evaluation) => [
            cellKey(evaluation.option_id, evaluation.criterion_id),
            evaluation.explanation,
          ])
      : [],
  );
  const ranking = new Map(details.results.ranking.map((entry) => [entry.option_id, entry]));
  const hasResult = details.results.ranking.some((entry) => entry.total > 0);
  const isTop = (optionId: number) => hasResult && ranking.get(optionId)?.is_top === true;

  return (
    <MatrixTable
      caption={t('teamView.matrixCaption')}
      captionId="team-matrix-caption"
      cornerHeader={t('teamView.option')}
      rows={details.options.map((option) => ({ key: option.id, label: option.name }))}
      columns={details.criteria.map((criterion) => ({ key: criterion.id, label: criterion.name }))}
      highlightRow={(option) => isTop(option.key)}
      renderColumnHeader={(criterion) => (
        <StackedHeader
          label={criterion.label}
          note={t('teamView.teamWeight', { weight: format.number(weights.get(criterion.key) ?? 0, 1) })}
        />
      )}
      renderCell={(option, criterion) => {
        const key = cellKey(option.key, criterion.key);
        const cell = cells.get(key);
        if (!cell || cell.votes === 0) {
          return (
            <>
              <span aria-hidden>–</span>
              <span className="sr-only">{t('teamView.noVotes')}</span>
            </>
          );
        }
        const reasonId = `team-reason-${option.key}-${criterion.key}`;
        const reason = aiReasons.get(key);
        return (
          <>
            {reason ? (
              <Tooltip id={reasonId} text={reason}>
                <button
                  type="button"
                  aria-describedby={reasonId}
                  className={`font-medium ${tooltipTriggerClasses}`}
                >
                  {format.number(cell.value, 1)}
                </button>
              </Tooltip>
            ) : (
              <span className="block font-medium">{format.number(cell.value, 1)}</span>
            )}
            <span className="block text-xs text-slate-600 dark:text-slate-400">
              {t('teamView.votes', { count: cell.votes })}
            </span>
          </>
        );
      }}
      total={{
        header: t('teamView.teamResult'),
        testId: 'team-result',
        render: (option) => (
          <span className="inline-flex items-center gap-1.5">
            {isTop(option.key) ? (
              <span role="img" aria-label={t('teamView.topScore')} title={t('teamView.topScore')}>
                🏆
              </span>
            ) : null}
            {format.number(ranking.get(option.key)?.total ?? 0, 2)}
          </span>
        ),
      }}
    />
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
