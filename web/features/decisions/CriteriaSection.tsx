import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/limits.ts';
import { inputClasses } from '../../components/ui/TextField.tsx';
import { translateFieldError } from '../../lib/form-errors.ts';
import { WeightsToolbar } from '../weights/WeightsToolbar.tsx';
import {
  emptyCriterion,
  emptyOption,
  PERSONAL_SCALE,
  type DecisionFormValues,
} from './decision-form-model.ts';
import { withProposedImportances } from './decision-form-steps.ts';
import { countedImportance, summarizeImportances } from '../../lib/importance-shares.ts';
import { ImportanceShare, ImportanceSum } from './ImportanceShares.tsx';
import { MeasuredCriterionFields } from './MeasuredCriterionFields.tsx';
import { MustHaveAndAnchorsDisclosure } from './MustHaveAndAnchorsDisclosure.tsx';
import { NameRowsCard, type NameRowsCardProps } from './NameRowsEditor.tsx';

const { importance: IMPORTANCE } = LIMITS.decision;

// A missing field names its row ("Option 2: name is missing"); the alert only says something is missing.
const MISSING_NAME = {
  options: 'decisionForm.optionNameMissing',
  criteria: 'decisionForm.criterionNameMissing',
} as const;

export interface DecisionRowsProps {
  /** "More settings" is open: AI suggestions, must-haves, anchors and the weight tools show. */
  showsAdvanced?: boolean;
  /**
   * The guided flow: criteria come in order of importance (drag or move buttons) and get an
   * importance proposed by rank until one is typed.
   */
  isRanked?: boolean;
}

/** The personal form's options or criteria (at least one row each); criteria add their importance. */
export function DecisionRowsCard({ name, ...props }: { name: 'options' | 'criteria' } & DecisionRowsProps) {
  return name === 'options' ? (
    <PersonalRows name="options" suggestions={props.showsAdvanced ? {} : undefined} />
  ) : (
    <CriteriaRows {...props} />
  );
}

export function CriteriaSection(props: DecisionRowsProps) {
  return <DecisionRowsCard name="criteria" {...props} />;
}

function PersonalRows({ name, ...extras }: { name: 'options' | 'criteria' } & Partial<NameRowsCardProps>) {
  const { t } = useTranslation();
  const {
    formState: { errors },
  } = useFormContext<DecisionFormValues>();
  return (
    <NameRowsCard
      headingId={`${name}-heading`}
      title={t(`decisionForm.${name}`)}
      lead={t(`decisionForm.${name}Hint`)}
      name={name}
      textsFrom="decisionForm"
      newRow={name === 'options' ? emptyOption : emptyCriterion}
      minRows={1}
      isEveryCopyFlagged
      addsRowOnEnter
      nameErrorOf={(index) => {
        const message = errors[name]?.[index]?.name?.message;
        return message === 'validation.required'
          ? t(MISSING_NAME[name], { number: index + 1 })
          : translateFieldError(t, message);
      }}
      {...extras}
    />
  );
}

/** Proposes importances by rank whenever criteria are added, removed or reordered (guided flow only). */
function useImportanceByRank(isRanked: boolean) {
  const { control, getValues, setValue } = useFormContext<DecisionFormValues>();
  const criteria = useWatch({ control, name: 'criteria' });
  // Proposals change with the order and with which rows have a name, not with every keystroke.
  const order = criteria.map((criterion) => `${criterion.rowKey}:${criterion.name.trim() ? 1 : 0}`).join(' ');
  useEffect(() => {
    if (!isRanked) return;
    withProposedImportances(getValues('criteria'))?.forEach((criterion, index) => {
      setValue(`criteria.${index}.importance`, criterion.importance);
      setValue(`criteria.${index}.isImportanceProposed`, criterion.isImportanceProposed);
    });
  }, [isRanked, order, getValues, setValue]);
}

function CriteriaRows({ showsAdvanced = true, isRanked = false }: DecisionRowsProps) {
  const { t } = useTranslation();
  const {
    control,
    register,
    setValue,
    formState: { errors, isSubmitted },
  } = useFormContext<DecisionFormValues>();
  const criteria = useWatch({ control, name: 'criteria' });
  useImportanceByRank(isRanked);
  const importances = criteria.map((criterion) => countedImportance(criterion.importance));
  const summary = summarizeImportances(importances);
  const importanceMessageOf = (index: number) => {
    const message = errors.criteria?.[index]?.importance?.message;
    return message === 'validation.required'
      ? t('decisionForm.criterionImportanceMissing', { number: index + 1 })
      : translateFieldError(t, message);
  };
  const idOf = (index: number, part: 'importance-message' | 'share') =>
    `criterion-${criteria[index]?.rowKey}-${part}`;

  /** Weights found by the tools (scaled, ranked, compared in pairs); null leaves a field as it is. */
  function applyWeights(weights: readonly (number | null)[]) {
    weights.forEach((importance, index) => {
      if (importance === null) return;
      setValue(`criteria.${index}.importance`, String(importance), {
        shouldDirty: true,
        // After a failed save the messages follow the new values at once.
        shouldValidate: isSubmitted,
      });
      setValue(`criteria.${index}.isImportanceProposed`, false);
    });
  }

  return (
    <PersonalRows
      name="criteria"
      {...(isRanked
        ? { title: t('decisionForm.guided.criteriaTitle'), lead: t('decisionForm.guided.criteriaHint') }
        : {})}
      isOrderable={isRanked}
      suggestions={showsAdvanced ? { importanceOf: String } : undefined}
      renderAfterName={(index) => {
        const message = importanceMessageOf(index);
        return (
          <div className="ml-8 flex shrink-0 items-center gap-2 sm:ml-0">
            <div className="relative w-28">
              <input
                type="number"
                inputMode="decimal"
                min={IMPORTANCE.min}
                max={IMPORTANCE.max}
                step="any"
                aria-label={t('decisionForm.importanceOf', { number: index + 1 })}
                aria-invalid={message ? true : undefined}
                aria-describedby={
                  message
                    ? `${idOf(index, 'importance-message')} ${idOf(index, 'share')}`
                    : idOf(index, 'share')
                }
                placeholder="0"
                className={`${inputClasses} h-10 pr-8 text-right tabular-nums`}
                {...register(`criteria.${index}.importance`, {
                  // A typed importance is the user's: a later reorder no longer proposes one here.
                  onChange: () => setValue(`criteria.${index}.isImportanceProposed`, false),
                })}
              />
              <span
                aria-hidden
                className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-500 dark:text-slate-400"
              >
                %
              </span>
            </div>
            <ImportanceShare
              id={idOf(index, 'share')}
              number={index + 1}
              share={summary.shares[index] ?? null}
            />
          </div>
        );
      }}
      renderBelow={(index) => {
        const message = importanceMessageOf(index);
        return (
          <>
            {message ? (
              <p
                id={idOf(index, 'importance-message')}
                className="pl-8 text-sm text-red-700 dark:text-red-400"
              >
                {message}
              </p>
            ) : null}
            <MeasuredCriterionFields
              index={index}
              criterionLabel={
                criteria[index]?.name.trim() || t('decisionForm.criterionFallback', { number: index + 1 })
              }
            />
            {/* A measured criterion's must-have is in its unit, with no scale labels (issue 31). */}
            {showsAdvanced ? (
              <MustHaveAndAnchorsDisclosure
                index={index}
                criterionLabel={
                  criteria[index]?.name.trim() || t('decisionForm.criterionFallback', { number: index + 1 })
                }
                scale={PERSONAL_SCALE}
              />
            ) : null}
          </>
        );
      }}
      footer={
        <ImportanceSum
          summary={summary}
          tools={
            showsAdvanced ? (
              <WeightsToolbar
                criteria={criteria.map((criterion, index) => ({
                  name: criterion.name,
                  weight: importances[index] ?? null,
                }))}
                onApply={applyWeights}
              />
            ) : null
          }
        />
      }
    />
  );
}
