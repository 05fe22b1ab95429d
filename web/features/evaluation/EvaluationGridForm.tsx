import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Save } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { scaleOfDecision } from '../../../shared/limits.ts';
import { roundedSharesOf } from '../../../shared/scoring/shares.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { GridCellInput } from '../../components/ui/GridCellInput.tsx';
import { MatrixTable } from '../../components/ui/MatrixTable.tsx';
import { StatusLine, type StatusTone } from '../../components/ui/StatusLine.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { cellErrorMessage } from '../../lib/cell-error-message.ts';
import { cellKey, cellValueOf, isInvalidCell, rankScoreGrid } from '../../lib/matrix-model.ts';
import { notify } from '../../lib/notify.ts';
import { useSaveEvaluations } from '../decisions/decisions-api.ts';
import { scoreCellInput } from '../decisions/form-inputs.ts';
import { TotalWithTrophy } from '../decisions/TotalWithTrophy.tsx';
import { scaleAnchorsDescription } from '../decisions/must-have-and-anchors.ts';
import { CriterionHeader } from '../decisions/CriterionHeader.tsx';

interface EvaluationGridValues {
  /** Cell text by `cellKey(option id, criterion id)`; empty cells are not saved. */
  cells: Record<string, string>;
}

/**
 * The older evaluation screen's grid of the caller's own scores on the decision's scale (personal
 * 1–10, team 0–10, as on every other screen of it), with live totals and ranks and "Save Evaluations".
 */
export function EvaluationGridForm({ details }: { details: DecisionDetails }) {
  const { t } = useTranslation();
  const scale = scaleOfDecision(details.decision.type);
  const userId = useAuthStore((state) => state.user?.id);
  const { options, criteria } = details;
  const { control, register, handleSubmit, formState } = useForm<EvaluationGridValues>({
    // Flags appear while typing, as the cells are checked on every change.
    mode: 'onChange',
    defaultValues: {
      cells: Object.fromEntries(
        details.evaluations
          .filter((evaluation) => evaluation.user_id === userId)
          .map((evaluation) => [
            cellKey(evaluation.option_id, evaluation.criterion_id),
            String(evaluation.value),
          ]),
      ),
    },
  });
  const values = useWatch({ control, name: 'cells' });
  const [result, setResult] = useState<{ tone: StatusTone; message: string } | null>(null);
  const save = useSaveEvaluations(details.decision.id);

  const scoredCells = options.flatMap((option) =>
    criteria.flatMap((criterion) => {
      const value = cellValueOf(values[cellKey(option.id, criterion.id)], scale);
      return value === null ? [] : [{ option_id: option.id, criterion_id: criterion.id, value }];
    }),
  );
  // Live totals by position; an option with a cell off the scale has none until it is corrected.
  const rankingByIndex = rankScoreGrid(
    options.length,
    criteria.map((criterion) => criterion.importance),
    (row, column) => values[cellKey(options[row]!.id, criteria[column]!.id)],
    scale,
    criteria.map((criterion) => criterion.minimum),
  );
  const ranking = new Map(rankingByIndex.map((entry) => [options[entry.option_id]!.id, entry] as const));
  const hasScores = rankingByIndex.some((entry) => (entry.total ?? 0) > 0);
  const isTop = (optionId: number) => hasScores && ranking.get(optionId)?.is_top === true;
  const isInvalid = (key: string) => isInvalidCell(values[key], scale);
  const hasInvalidCell = Object.keys(values).some(isInvalid);
  const shares = roundedSharesOf(new Map(criteria.map((criterion) => [criterion.id, criterion.importance])));

  const submit = handleSubmit(
    () => {
      setResult(null);
      save.mutate(
        { evaluations: scoredCells.map((cell) => ({ ...cell, explanation: null })) },
        {
          onSuccess: () => {
            setResult({ tone: 'success', message: t('evaluate.saved') });
            notify('success', t('evaluate.saved'));
          },
          onError: (error) => {
            const message = [t('evaluate.saveFailed'), serverMessageOf(error)].filter(Boolean).join(' ');
            setResult({ tone: 'error', message });
            notify('error', message);
          },
        },
      );
    },
    // Refused: the alert under the grid already says why, and the first bad cell gets the focus.
    () => setResult(null),
  );

  if (!options.length || !criteria.length) {
    return <p className="text-slate-700 dark:text-slate-300">{t('details.emptyMatrix')}</p>;
  }

  return (
    <Card>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('evaluate.hint', scale)}</p>
        <MatrixTable
          caption={t('evaluate.caption', scale)}
          captionId="evaluate-caption"
          cornerHeader={t('matrix.option')}
          density="compact"
          isBleeding
          rows={options.map((option) => ({ key: option.id, label: option.name }))}
          columns={criteria.map((criterion) => ({
            key: criterion.id,
            label: criterion.name,
            importance: criterion.importance,
            anchors: scaleAnchorsDescription(t, criterion.anchors, scale, `evaluate-anchors-${criterion.id}`),
          }))}
          highlightRow={(option) => isTop(option.key)}
          ranks={{
            of: (option) => ranking.get(option.key)?.rank ?? null,
            label: (rank) => t('results.rank', { rank }),
          }}
          renderColumnHeader={(criterion) => (
            <CriterionHeader criterion={criterion} share={shares.get(criterion.key) ?? 0} />
          )}
          renderCell={(option, criterion, row, column) => {
            const key = cellKey(option.key, criterion.key);
            return (
              <GridCellInput
                row={row}
                column={column}
                isInvalid={isInvalid(key) || Boolean(formState.errors.cells?.[key])}
                errorMessage={cellErrorMessage(t, values[key], scale)}
                aria-label={t('decisionForm.cellLabel', {
                  option: option.label,
                  criterion: criterion.label,
                  ...scale,
                })}
                aria-describedby={criterion.anchors?.id}
                {...scoreCellInput(
                  register(`cells.${key}`, { validate: (raw) => !isInvalidCell(raw, scale) }),
                )}
              />
            );
          }}
          total={{
            header: t('matrix.total'),
            render: (option) => (
              <TotalWithTrophy
                total={ranking.get(option.key)?.total ?? null}
                isTop={isTop(option.key)}
                isKnockedOut={hasScores && ranking.get(option.key)?.knocked_out === true}
                missingLabel={t('results.notCalculated', scale)}
              />
            ),
          }}
        />
        {hasInvalidCell ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {t('decisionForm.gridInvalid', scale)}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" disabled={save.isPending}>
            <Save aria-hidden size={16} />
            {t('evaluate.save')}
          </Button>
        </div>
        <StatusLine tone={result?.tone ?? 'info'} message={result?.message ?? null} />
      </form>
    </Card>
  );
}
