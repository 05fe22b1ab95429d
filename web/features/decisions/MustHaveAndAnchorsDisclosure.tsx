import { useState } from 'react';
import { ChevronRight } from 'lucide-react';
import { useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/limits.ts';
import { formatMeasureWithUnit } from '../../../shared/measure-format.ts';
import type { CriterionKind, MeasureDirection } from '../../../shared/scoring/measure.ts';
import { NumberField } from '../../components/ui/NumberField.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { translateFieldError } from '../../lib/form-errors.ts';
import type { Scale } from '../../lib/matrix-model.ts';
import { anchorProblem, minimumProblem, type MustHaveAndAnchors } from './must-have-and-anchors.ts';

/** The criteria rows of the surrounding form (personal or team): each with a must-have and anchors. */
interface CriteriaFormValues {
  criteria: (MustHaveAndAnchors & {
    name: string;
    kind?: CriterionKind;
    unit?: string;
    direction?: MeasureDirection;
  })[];
}

interface MustHaveAndAnchorsDisclosureProps {
  index: number;
  /** The criterion as the row shows it: its name, or "Criterion 2" while it has none. */
  criterionLabel: string;
  /** The decision's scale: the minimum lives on it, and the anchors name its ends. */
  scale: Scale;
  isDisabled?: boolean;
}

/**
 * "Must-have and scale labels" under a criterion row: a minimum score (options below it are knocked
 * out) and what the lowest and highest score mean. A measured criterion (issue 31) has its must-have
 * in its unit, "at most" when lower is better and "at least" otherwise, and no scale labels (its
 * score follows from the values). Collapsed to keep the rows compact; it opens by itself while one of
 * its fields has an error. Forms with a schema resolver check the fields there; the rules below serve
 * forms without one (react-hook-form uses either, never both).
 */
export function MustHaveAndAnchorsDisclosure({
  index,
  criterionLabel,
  scale,
  isDisabled = false,
}: MustHaveAndAnchorsDisclosureProps) {
  const { t, i18n } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const { control, register, getValues } = useFormContext<CriteriaFormValues>();
  const path = `criteria.${index}` as const;
  const isMeasured = useWatch({ control, name: `${path}.kind` }) === 'measure';
  const unit = useWatch({ control, name: `${path}.unit` })?.trim() ?? '';
  const bound = useWatch({ control, name: `${path}.direction` }) === 'lower' ? 'atMost' : 'atLeast';
  const minimum = useController({
    control,
    name: `${path}.minimum`,
    rules: {
      validate: (value) => minimumProblem(value, scale, getValues(`${path}.kind`) ?? 'score') ?? true,
    },
  });
  const anchors = useWatch({ control, name: `${path}.anchors` });
  const { errors } = useFormState({ control, name: path });
  const rowErrors = errors.criteria?.[index];
  const lowError = translateFieldError(t, rowErrors?.anchors?.low?.message);
  const highError = translateFieldError(t, rowErrors?.anchors?.high?.message);
  const minimumError = translateFieldError(t, minimum.fieldState.error?.message);
  const hasError = Boolean(minimumError || lowError || highError);
  const hasMinimum = minimum.field.value !== null && minimum.field.value !== undefined;
  const summary = [
    !hasMinimum
      ? null
      : isMeasured
        ? t(`decisionForm.mustHave.summary_${bound}`, {
            minimum: formatMeasureWithUnit(minimum.field.value!, unit || null, i18n.language),
          })
        : t('decisionForm.mustHave.summaryMinimum', { minimum: minimum.field.value }),
    !isMeasured && (anchors?.low.trim() || anchors?.high.trim())
      ? t('decisionForm.mustHave.summaryAnchors')
      : null,
  ].filter(Boolean);
  const anchorRules = { validate: (text: string) => anchorProblem(text) ?? true };
  // What the lowest or the highest score means.
  const anchorField = (end: 'low' | 'high', score: number, error: string | undefined) => (
    <TextField
      label={t(`decisionForm.mustHave.${end}`, { score })}
      placeholder={t(`decisionForm.mustHave.${end}Placeholder`)}
      maxLength={LIMITS.decision.anchorMax}
      disabled={isDisabled}
      error={error}
      {...register(`${path}.anchors.${end}`, anchorRules)}
    />
  );

  // A native disclosure: keyboard and screen readers know it, and it costs no script.
  return (
    <details
      open={isOpen || hasError}
      onToggle={(event) => setIsOpen(event.currentTarget.open)}
      className="group/must-have pl-8"
    >
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-2 rounded-md py-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 [&::-webkit-details-marker]:hidden">
        <span className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          <ChevronRight
            aria-hidden
            size={16}
            className="transition-transform group-open/must-have:rotate-90 motion-reduce:transition-none"
          />
          {t(isMeasured ? 'decisionForm.mustHave.toggleMeasured' : 'decisionForm.mustHave.toggle')}
          <span className="sr-only"> {t('decisionForm.mustHave.toggleOf', { name: criterionLabel })}</span>
        </span>{' '}
        {summary.length ? (
          <span className="text-xs text-slate-600 dark:text-slate-400">{summary.join(' · ')}</span>
        ) : null}
      </summary>
      <div className="mt-2 grid gap-x-4 rounded-xl border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-700">
        {isMeasured ? (
          <NumberField
            className="mb-3 sm:col-span-2"
            label={
              unit ? t(`decisionForm.mustHave.${bound}Unit`, { unit }) : t(`decisionForm.mustHave.${bound}`)
            }
            hint={t(`decisionForm.mustHave.${bound}Hint`)}
            error={minimumError}
            value={minimum.field.value ?? null}
            onChange={minimum.field.onChange}
            onBlur={minimum.field.onBlur}
            inputRef={minimum.field.ref}
            maximumFractionDigits={6}
            isDisabled={isDisabled}
          />
        ) : (
          <>
            <NumberField
              className="mb-3 sm:col-span-2"
              label={t('decisionForm.mustHave.minimum')}
              hint={t('decisionForm.mustHave.minimumHint')}
              error={minimumError}
              value={minimum.field.value ?? null}
              onChange={minimum.field.onChange}
              onBlur={minimum.field.onBlur}
              inputRef={minimum.field.ref}
              minValue={scale.min}
              maxValue={scale.max}
              isDisabled={isDisabled}
            />
            {anchorField('low', scale.min, lowError)}
            {anchorField('high', scale.max, highError)}
          </>
        )}
      </div>
    </details>
  );
}
