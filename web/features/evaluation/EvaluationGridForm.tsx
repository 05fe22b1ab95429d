import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Save } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { computePersonalTotals, rankOptions } from '../../../shared/scoring/personal.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { GridCellInput } from '../../components/ui/GridCellInput.tsx';
import { MatrixTable, StackedHeader } from '../../components/ui/MatrixTable.tsx';
import { StatusLine, type StatusTone } from '../../components/ui/StatusLine.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { useFormatters } from '../../lib/format.ts';
import { cellKey, cellValueOf, isInvalidCell } from '../../lib/matrix-model.ts';
import { notify } from '../../lib/notify.ts';
import { useSaveEvaluations } from '../decisions/decisions-api.ts';
import { digitsOnlyInput } from '../decisions/form-inputs.ts';
import { TotalWithTrophy } from '../decisions/TotalWithTrophy.tsx';

const SCALE = LIMITS.scales.team;

interface EvaluationGridValues {
  /** Cell text by `cellKey(option id, criterion id)`; empty cells are not saved. */
  cells: Record<string, string>;
}

/** The older evaluation screen's 0–10 grid of the caller's own scores, with live totals and "Save Evaluations". */
export function EvaluationGridForm({ details }: { details: DecisionDetails }) {
  const { t } = useTranslation();
  const format = useFormatters();
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
      const value = cellValueOf(values[cellKey(option.id, criterion.id)], SCALE);
      return value === null ? [] : [{ option_id: option.id, criterion_id: criterion.id, value }];
    }),
  );
  const ranking = new Map(
    rankOptions(computePersonalTotals(options, criteria, scoredCells)).map((entry) => [
      entry.option_id,
      entry,
    ]),
  );
  const hasScores = [...ranking.values()].some((entry) => entry.total > 0);
  const isTop = (optionId: number) => hasScores && ranking.get(optionId)?.is_top === true;

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
    () => setResult({ tone: 'error', message: t('decisionForm.gridInvalid', SCALE) }),
  );

  if (!options.length || !criteria.length) {
    return <p className="text-slate-700 dark:text-slate-300">{t('details.emptyMatrix')}</p>;
  }

  return (
    <Card>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('evaluate.hint', SCALE)}</p>
        <MatrixTable
          caption={t('evaluate.caption', SCALE)}
          captionId="evaluate-caption"
          cornerHeader={t('matrix.option')}
          density="compact"
          isBleeding
          rows={options.map((option) => ({ key: option.id, label: option.name }))}
          columns={criteria.map((criterion) => ({
            key: criterion.id,
            label: criterion.name,
            importance: criterion.importance,
          }))}
          highlightRow={(option) => isTop(option.key)}
          renderColumnHeader={(criterion) => (
            <StackedHeader
              label={criterion.label}
              note={t('matrix.weight', { weight: format.plain(criterion.importance) })}
            />
          )}
          renderCell={(option, criterion, row, column) => {
            const key = cellKey(option.key, criterion.key);
            return (
              <GridCellInput
                row={row}
                column={column}
                isInvalid={Boolean(formState.errors.cells?.[key])}
                aria-label={t('decisionForm.cellLabel', {
                  option: option.label,
                  criterion: criterion.label,
                  ...SCALE,
                })}
                {...digitsOnlyInput(
                  register(`cells.${key}`, { validate: (raw) => !isInvalidCell(raw, SCALE) }),
                )}
              />
            );
          }}
          total={{
            header: t('matrix.total'),
            render: (option) => (
              <TotalWithTrophy total={ranking.get(option.key)?.total ?? 0} isTop={isTop(option.key)} />
            ),
          }}
        />
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
