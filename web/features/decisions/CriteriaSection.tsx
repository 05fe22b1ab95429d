import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/limits.ts';
import { inputClasses } from '../../components/ui/TextField.tsx';
import { translateFieldError } from '../../lib/form-errors.ts';
import { useFormatters } from '../../lib/format.ts';
import { emptyCriterion, emptyOption, importanceOf, type DecisionFormValues } from './decision-form-model.ts';
import { NameRowsCard, type NameRowsCardProps } from './NameRowsEditor.tsx';

const { importance: IMPORTANCE } = LIMITS.decision;

/** The personal form's options or criteria (at least one row each); criteria add their importance. */
export function DecisionRowsCard({ name }: { name: 'options' | 'criteria' }) {
  return name === 'options' ? <PersonalRows name="options" /> : <CriteriaRows />;
}

export function CriteriaSection() {
  return <DecisionRowsCard name="criteria" />;
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
      nameErrorOf={(index) => translateFieldError(t, errors[name]?.[index]?.name?.message)}
      {...extras}
    />
  );
}

function CriteriaRows() {
  const { t } = useTranslation();
  const format = useFormatters();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<DecisionFormValues>();
  const criteria = useWatch({ control, name: 'criteria' });
  const importanceSum = criteria.reduce((sum, criterion) => sum + importanceOf(criterion.importance), 0);
  const importanceMessageOf = (index: number) =>
    translateFieldError(t, errors.criteria?.[index]?.importance?.message);
  const importanceMessageId = (index: number) => `criterion-${criteria[index]?.rowKey}-importance-message`;

  return (
    <PersonalRows
      name="criteria"
      renderAfterName={(index) => {
        const message = importanceMessageOf(index);
        return (
          <div className="relative ml-8 w-28 shrink-0 sm:ml-0">
            <input
              type="number"
              inputMode="decimal"
              min={IMPORTANCE.min}
              max={IMPORTANCE.max}
              step="any"
              aria-label={t('decisionForm.importanceOf', { number: index + 1 })}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? importanceMessageId(index) : undefined}
              placeholder="0"
              className={`${inputClasses} h-10 pr-8 text-right tabular-nums`}
              {...register(`criteria.${index}.importance`)}
            />
            <span
              aria-hidden
              className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-500 dark:text-slate-400"
            >
              %
            </span>
          </div>
        );
      }}
      renderBelow={(index) => {
        const message = importanceMessageOf(index);
        return message ? (
          <p id={importanceMessageId(index)} className="pl-8 text-sm text-red-700 dark:text-red-400">
            {message}
          </p>
        ) : null;
      }}
      footer={
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('decisionForm.importanceSum', { sum: format.plain(importanceSum) })}
        </p>
      }
    />
  );
}
