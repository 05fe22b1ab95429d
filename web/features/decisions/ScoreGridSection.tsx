import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { roundedSharesOf } from '../../../shared/scoring/shares.ts';
import { GridCellInput } from '../../components/ui/GridCellInput.tsx';
import { MatrixTable } from '../../components/ui/MatrixTable.tsx';
import { SectionCard } from '../../components/ui/SectionCard.tsx';
import { Tooltip } from '../../components/ui/Tooltip.tsx';
import { cellErrorMessage } from '../../lib/cell-error-message.ts';
import { cellKey, cellValueOf, isInvalidCell } from '../../lib/matrix-model.ts';
import { AiReasonLegend } from '../ai/AiReasonLegend.tsx';
import { AiValueNote } from '../ai/AiValueNote.tsx';
import {
  changedAiProposal,
  importanceOf,
  PERSONAL_SCALE,
  rankFormValues,
  type DecisionFormValues,
} from './decision-form-model.ts';
import { scoreCellInput } from './form-inputs.ts';
import { scaleAnchorsDescription } from './must-have-and-anchors.ts';
import { TotalWithTrophy } from './TotalWithTrophy.tsx';
import { formatScore } from '../../../shared/measure-format.ts';
import { formMeasuredScores, isInvalidMeasure } from './measured-criteria.ts';
import { CriterionHeader } from './CriterionHeader.tsx';

/**
 * The 1–10 evaluation grid of the decision form with live weighted totals and ranks per option. A
 * cell off the scale is flagged where it is, while typing, and its option has no total until fixed.
 */
export function ScoreGridSection() {
  const { t } = useTranslation();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<DecisionFormValues>();
  const [options, criteria, scores, explanations, aiProposals] = useWatch({
    control,
    name: ['options', 'criteria', 'scores', 'explanations', 'aiProposals'],
  });
  // The live ranking identifies options by their position; rows keep their order while typing.
  const ranking = new Map(rankFormValues(options, criteria, scores).map((entry) => [entry.option_id, entry]));
  const hasAnyScore = [...ranking.values()].some((entry) => (entry.total ?? 0) > 0);
  const isTop = (optionIndex: number) => hasAnyScore && ranking.get(optionIndex)?.is_top === true;
  const measuredScores = formMeasuredScores(options, criteria, scores, PERSONAL_SCALE);
  const isMeasuredColumn = (criterionIndex: number) => criteria[criterionIndex]?.kind === 'measure';
  const isInvalidAt = (key: string, criterionIndex: number) =>
    (isMeasuredColumn(criterionIndex)
      ? isInvalidMeasure(scores[key])
      : isInvalidCell(scores[key], PERSONAL_SCALE)) || Boolean(errors.scores?.[key]);

  const optionRows = options.map((option, index) => ({
    key: option.rowKey,
    label: option.name.trim() || t('decisionForm.optionFallback', { number: index + 1 }),
  }));
  const criterionColumns = criteria.map((criterion, index) => ({
    key: criterion.rowKey,
    label: criterion.name.trim() || t('decisionForm.criterionFallback', { number: index + 1 }),
    importance: importanceOf(criterion.importance),
    anchors: scaleAnchorsDescription(
      t,
      criterion.anchors,
      PERSONAL_SCALE,
      `grid-anchors-${criterion.rowKey}`,
    ),
  }));
  const shares = roundedSharesOf(new Map(criterionColumns.map((column) => [column.key, column.importance])));
  const hasReasons = options.some((option) =>
    criteria.some((criterion) => {
      const key = cellKey(option.rowKey, criterion.rowKey);
      return Boolean(explanations[key] || aiProposals[key]?.explanation);
    }),
  );
  const hasInvalidCell = options.some((option) =>
    criteria.some((criterion, criterionIndex) =>
      isInvalidAt(cellKey(option.rowKey, criterion.rowKey), criterionIndex),
    ),
  );

  return (
    <SectionCard
      headingId="grid-heading"
      title={t('decisionForm.grid', PERSONAL_SCALE)}
      lead={t('decisionForm.gridHint', PERSONAL_SCALE)}
    >
      <MatrixTable
        caption={t('decisionForm.gridCaption', PERSONAL_SCALE)}
        captionId="grid-caption"
        cornerHeader={t('matrix.option')}
        density="compact"
        isBleeding
        rows={optionRows}
        columns={criterionColumns}
        highlightRow={(_, optionIndex) => isTop(optionIndex)}
        ranks={{
          of: (_, optionIndex) => ranking.get(optionIndex)?.rank ?? null,
          label: (rank) => t('results.rank', { rank }),
        }}
        // On a phone long names wrap in a narrower column, so the first cells stay beside them.
        renderRowHeader={(option) => (
          <span className="block max-w-48 truncate max-sm:max-w-[7.5rem] max-sm:break-words max-sm:whitespace-normal">
            {option.label}
          </span>
        )}
        renderColumnHeader={(criterion) => (
          <CriterionHeader criterion={criterion} share={shares.get(criterion.key) ?? 0} isTruncated />
        )}
        renderCell={(option, criterion, optionIndex, criterionIndex) => {
          const key = cellKey(option.key, criterion.key);
          // Stays the same while typing: a changing tooltip would remount the input and drop its focus.
          const reason = explanations[key] || aiProposals[key]?.explanation;
          const reasonId = `reason-${key}`;
          const changed = changedAiProposal(cellValueOf(scores[key], PERSONAL_SCALE), aiProposals[key]);
          const noteId = `ai-note-${key}`;
          const measured = criteria[criterionIndex];
          if (measured?.kind === 'measure') {
            return (
              <MeasuredGridCell
                cellKey={key}
                row={optionIndex}
                column={criterionIndex}
                label={t('decisionForm.measureCellLabel', {
                  option: option.label,
                  criterion: criterion.label,
                  unit: measured.unit.trim() || '–',
                })}
                unit={measured.unit.trim()}
                score={measuredScores.get(key)}
                isInvalid={isInvalidAt(key, criterionIndex)}
              />
            );
          }
          return (
            <span className="inline-flex flex-col items-center gap-1">
              <Tooltip id={reasonId} text={reason}>
                <GridCellInput
                  row={optionIndex}
                  column={criterionIndex}
                  isInvalid={isInvalidAt(key, criterionIndex)}
                  errorMessage={cellErrorMessage(t, scores[key], PERSONAL_SCALE)}
                  aria-label={t('decisionForm.cellLabel', {
                    option: option.label,
                    criterion: criterion.label,
                    ...PERSONAL_SCALE,
                  })}
                  aria-describedby={
                    [criterion.anchors?.id, reason ? reasonId : null, changed ? noteId : null]
                      .filter(Boolean)
                      .join(' ') || undefined
                  }
                  {...scoreCellInput(register(`scores.${key}`))}
                />
              </Tooltip>
              {/* The reason is the input's tooltip already; the note says which value it was for. */}
              {changed ? <AiValueNote id={noteId} value={changed.value} /> : null}
            </span>
          );
        }}
        total={{
          header: t('matrix.total'),
          render: (_, optionIndex) => (
            <TotalWithTrophy
              total={ranking.get(optionIndex)?.total ?? null}
              isTop={isTop(optionIndex)}
              isKnockedOut={hasAnyScore && ranking.get(optionIndex)?.knocked_out === true}
              missingLabel={t('results.notCalculated', PERSONAL_SCALE)}
            />
          ),
        }}
      />
      {hasReasons ? <AiReasonLegend /> : null}
      {hasInvalidCell ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t('decisionForm.gridInvalid', PERSONAL_SCALE)}
        </p>
      ) : null}
    </SectionCard>
  );
}

/** Issue 31: a measured criterion's cell: the raw value in its unit, and the score computed beside it. */
export function MeasuredGridCell(props: {
  cellKey: string;
  row: number;
  column: number;
  label: string;
  unit: string;
  score: number | undefined;
  isInvalid: boolean;
  id?: string;
}) {
  const { t, i18n } = useTranslation();
  const { register, control } = useFormContext<DecisionFormValues>();
  const raw = useWatch({ control, name: `scores.${props.cellKey}` });
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      <GridCellInput
        row={props.row}
        column={props.column}
        id={props.id}
        inputMode="decimal"
        className="w-24"
        isInvalid={props.isInvalid}
        errorMessage={isInvalidMeasure(raw) ? t('validation.number') : undefined}
        aria-label={props.label}
        {...register(`scores.${props.cellKey}`)}
      />
      {props.unit ? <span className="text-sm text-slate-600 dark:text-slate-300">{props.unit}</span> : null}
      {props.score !== undefined ? (
        <span className="text-sm tabular-nums text-slate-600 dark:text-slate-300">
          → {formatScore(props.score, i18n.language)}
        </span>
      ) : null}
    </span>
  );
}
