import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GridCellInput } from '../../components/ui/GridCellInput.tsx';
import { MatrixTable, StackedHeader } from '../../components/ui/MatrixTable.tsx';
import { SectionCard } from '../../components/ui/SectionCard.tsx';
import { Tooltip } from '../../components/ui/Tooltip.tsx';
import { useFormatters } from '../../lib/format.ts';
import { cellKey } from '../../lib/matrix-model.ts';
import {
  importanceOf,
  PERSONAL_SCALE,
  rankFormValues,
  type DecisionFormValues,
} from './decision-form-model.ts';
import { digitsOnlyInput } from './form-inputs.ts';
import { TotalWithTrophy } from './TotalWithTrophy.tsx';

/** The 1–10 evaluation grid of the decision form with live weighted totals per option. */
export function ScoreGridSection() {
  const { t } = useTranslation();
  const format = useFormatters();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<DecisionFormValues>();
  const [options, criteria, scores, explanations] = useWatch({
    control,
    name: ['options', 'criteria', 'scores', 'explanations'],
  });
  // The live ranking identifies options by their position.
  const ranking = new Map(rankFormValues(options, criteria, scores).map((entry) => [entry.option_id, entry]));
  const hasAnyScore = [...ranking.values()].some((entry) => entry.total > 0);
  const isTop = (optionIndex: number) => hasAnyScore && ranking.get(optionIndex)?.is_top === true;

  const optionRows = options.map((option, index) => ({
    key: option.rowKey,
    label: option.name.trim() || t('decisionForm.optionFallback', { number: index + 1 }),
  }));
  const criterionColumns = criteria.map((criterion, index) => ({
    key: criterion.rowKey,
    label: criterion.name.trim() || t('decisionForm.criterionFallback', { number: index + 1 }),
    importance: importanceOf(criterion.importance),
  }));

  return (
    <SectionCard
      headingId="grid-heading"
      title={t('decisionForm.grid', PERSONAL_SCALE)}
      lead={t('decisionForm.gridHint', PERSONAL_SCALE)}
    >
      <MatrixTable
        caption={t('decisionForm.gridCaption')}
        captionId="grid-caption"
        cornerHeader={t('matrix.option')}
        density="compact"
        isBleeding
        rows={optionRows}
        columns={criterionColumns}
        highlightRow={(_, optionIndex) => isTop(optionIndex)}
        renderRowHeader={(option) => <span className="block max-w-48 truncate">{option.label}</span>}
        renderColumnHeader={(criterion) => (
          <StackedHeader
            label={criterion.label}
            note={t('matrix.weight', { weight: format.plain(criterion.importance) })}
            isTruncated
          />
        )}
        renderCell={(option, criterion, optionIndex, criterionIndex) => {
          const key = cellKey(option.key, criterion.key);
          const reason = explanations[key];
          const reasonId = `reason-${key}`;
          const isInvalid = Boolean(errors.scores?.[key]);
          return (
            <Tooltip id={reasonId} text={reason}>
              <GridCellInput
                row={optionIndex}
                column={criterionIndex}
                isInvalid={isInvalid}
                aria-label={t('decisionForm.cellLabel', {
                  option: option.label,
                  criterion: criterion.label,
                  ...PERSONAL_SCALE,
                })}
                aria-describedby={reason ? reasonId : undefined}
                title={isInvalid ? t('validation.valueRange') : undefined}
                {...digitsOnlyInput(register(`scores.${key}`))}
              />
            </Tooltip>
          );
        }}
        total={{
          header: t('matrix.total'),
          render: (_, optionIndex) => (
            <TotalWithTrophy total={ranking.get(optionIndex)?.total ?? 0} isTop={isTop(optionIndex)} />
          ),
        }}
      />
      {errors.scores ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t('decisionForm.gridInvalid', PERSONAL_SCALE)}
        </p>
      ) : null}
    </SectionCard>
  );
}
