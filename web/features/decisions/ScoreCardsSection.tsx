import { useState, type KeyboardEvent } from 'react';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { GridCellInput } from '../../components/ui/GridCellInput.tsx';
import { formMeasuredScores, isInvalidMeasure } from './measured-criteria.ts';
import { MeasuredGridCell } from './ScoreGridSection.tsx';
import { SectionCard } from '../../components/ui/SectionCard.tsx';
import { Tooltip } from '../../components/ui/Tooltip.tsx';
import { cellErrorMessage } from '../../lib/cell-error-message.ts';
import { cellKey, isInvalidCell } from '../../lib/matrix-model.ts';
import { PERSONAL_SCALE, type DecisionFormValues } from './decision-form-model.ts';
import { scoreCellInput } from './form-inputs.ts';

/**
 * Scores one option at a time (the phone's view): a card with the option's criteria, each a 1–10
 * cell. Enter moves down the criteria and from the last one on to the next option, so a whole
 * matrix is typed without a click. The cells are the grid's fields, so switching views keeps them.
 */
export function ScoreCardsSection() {
  const { t } = useTranslation();
  const {
    control,
    register,
    setFocus,
    formState: { errors },
  } = useFormContext<DecisionFormValues>();
  const [options, criteria, scores, explanations] = useWatch({
    control,
    name: ['options', 'criteria', 'scores', 'explanations'],
  });
  const measuredScores = formMeasuredScores(options, criteria, scores, PERSONAL_SCALE);
  const [shownIndex, setShownIndex] = useState(0);
  const current = Math.min(shownIndex, options.length - 1);
  const option = options[current];
  if (!option) return null;
  const optionLabel = option.name.trim() || t('decisionForm.optionFallback', { number: current + 1 });

  function show(index: number, focusFirstCell: boolean) {
    setShownIndex(index);
    const first = criteria[0];
    const next = options[index];
    // After React rendered the other option's cells.
    if (focusFirstCell && first && next)
      setTimeout(() => setFocus(`scores.${cellKey(next.rowKey, first.rowKey)}`));
  }

  function nextOptionOnEnter(event: KeyboardEvent<HTMLInputElement>, criterionIndex: number) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    if (criterionIndex !== criteria.length - 1) return;
    // The last cell of the last option keeps Enter from saving by accident.
    event.preventDefault();
    if (current < options.length - 1) show(current + 1, true);
  }

  return (
    <SectionCard
      headingId="score-card-heading"
      title={t('decisionForm.guided.cardTitle', {
        number: current + 1,
        count: options.length,
        option: optionLabel,
      })}
      lead={t('decisionForm.guided.cardHint', PERSONAL_SCALE)}
    >
      <ol data-grid className="flex flex-col gap-3">
        {criteria.map((criterion, criterionIndex) => {
          const key = cellKey(option.rowKey, criterion.rowKey);
          const criterionLabel =
            criterion.name.trim() || t('decisionForm.criterionFallback', { number: criterionIndex + 1 });
          const inputId = `score-card-${key}`;
          const reason = explanations[key];
          if (criterion.kind === 'measure') {
            // Issue 31: the raw value in its unit, with the score computed from it.
            return (
              <li key={key} className="flex items-start justify-between gap-3">
                <label
                  htmlFor={inputId}
                  className="min-w-0 pt-2 text-sm font-medium break-words text-slate-800 dark:text-slate-200"
                >
                  {criterionLabel}
                </label>
                <MeasuredGridCell
                  id={inputId}
                  cellKey={key}
                  row={criterionIndex}
                  column={0}
                  label={t('decisionForm.measureCellLabel', {
                    option: optionLabel,
                    criterion: criterionLabel,
                    unit: criterion.unit.trim() || '–',
                  })}
                  unit={criterion.unit.trim()}
                  score={measuredScores.get(key)}
                  isInvalid={isInvalidMeasure(scores[key])}
                />
              </li>
            );
          }
          return (
            <li key={key} className="flex items-start justify-between gap-3">
              <label
                htmlFor={inputId}
                className="min-w-0 pt-2 text-sm font-medium break-words text-slate-800 dark:text-slate-200"
              >
                {criterionLabel}
              </label>
              <Tooltip id={`card-reason-${key}`} text={reason}>
                <GridCellInput
                  id={inputId}
                  row={criterionIndex}
                  column={0}
                  isInvalid={isInvalidCell(scores[key], PERSONAL_SCALE) || Boolean(errors.scores?.[key])}
                  errorMessage={cellErrorMessage(t, scores[key], PERSONAL_SCALE)}
                  aria-label={t('decisionForm.cellLabel', {
                    option: optionLabel,
                    criterion: criterionLabel,
                    ...PERSONAL_SCALE,
                  })}
                  aria-describedby={reason ? `card-reason-${key}` : undefined}
                  onKeyDown={(event) => nextOptionOnEnter(event, criterionIndex)}
                  {...scoreCellInput(register(`scores.${key}`))}
                />
              </Tooltip>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" disabled={current === 0} onClick={() => show(current - 1, false)}>
          <ArrowLeft aria-hidden size={16} />
          {t('decisionForm.guided.previousOption')}
        </Button>
        <Button
          variant="ghost"
          disabled={current === options.length - 1}
          onClick={() => show(current + 1, false)}
        >
          {t('decisionForm.guided.nextOption')}
          <ArrowRight aria-hidden size={16} />
        </Button>
      </div>
    </SectionCard>
  );
}
