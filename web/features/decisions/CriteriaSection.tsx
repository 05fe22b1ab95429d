import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { inputClasses } from '../../components/ui/TextField.tsx';
import { translateFieldError } from '../../lib/form-errors.ts';
import { useFormatters } from '../../lib/format.ts';
import {
  duplicatePositions,
  emptyCriterion,
  importanceOf,
  type DecisionFormValues,
} from './decision-form-model.ts';
import { leftTrimmed } from './form-inputs.ts';

const { importance: IMPORTANCE } = LIMITS.decision;

export function CriteriaSection() {
  const { t } = useTranslation();
  const format = useFormatters();
  const {
    control,
    register,
    setFocus,
    formState: { errors },
  } = useFormContext<DecisionFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'criteria' });
  const criteria = useWatch({ control, name: 'criteria' });
  const duplicates = duplicatePositions(criteria.map((criterion) => criterion.name));
  const importanceSum = criteria.reduce((sum, criterion) => sum + importanceOf(criterion.importance), 0);

  function removeRow(index: number) {
    remove(index);
    setTimeout(() => setFocus(`criteria.${Math.min(index, fields.length - 2)}.name`));
  }

  return (
    <Card>
      <section aria-labelledby="criteria-heading" className="flex flex-col gap-4">
        <header>
          <h2 id="criteria-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t('decisionForm.criteria')}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('decisionForm.criteriaHint')}</p>
        </header>
        <ol className="flex flex-col gap-3">
          {fields.map((field, index) => {
            const isDuplicate = duplicates.has(index);
            const rowErrors = errors.criteria?.[index];
            const nameMessage = isDuplicate
              ? t('validation.duplicateName')
              : translateFieldError(t, rowErrors?.name?.message);
            const importanceMessage = translateFieldError(t, rowErrors?.importance?.message);
            const nameMessageId = `criterion-${field.rowKey}-name-message`;
            const importanceMessageId = `criterion-${field.rowKey}-importance-message`;
            return (
              <li key={field.id} className="flex flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
                  <span
                    aria-hidden
                    className="w-6 shrink-0 text-right text-sm font-medium text-slate-500 tabular-nums dark:text-slate-400"
                  >
                    {index + 1}.
                  </span>
                  <input
                    aria-label={t('decisionForm.criterionName', { number: index + 1 })}
                    aria-invalid={nameMessage ? true : undefined}
                    aria-describedby={nameMessage ? nameMessageId : undefined}
                    placeholder={t('decisionForm.criterionPlaceholder')}
                    maxLength={LIMITS.decision.criterionNameMax}
                    className={`${inputClasses} h-10 min-w-0 flex-1 basis-40 aria-invalid:bg-red-50 dark:aria-invalid:bg-red-950/40`}
                    {...leftTrimmed(register(`criteria.${index}.name`))}
                  />
                  <div className="ml-8 flex items-center gap-2 sm:ml-0">
                    <div className="relative w-28 shrink-0">
                      <input
                        type="number"
                        inputMode="decimal"
                        min={IMPORTANCE.min}
                        max={IMPORTANCE.max}
                        step="any"
                        aria-label={t('decisionForm.importanceOf', { number: index + 1 })}
                        aria-invalid={importanceMessage ? true : undefined}
                        aria-describedby={importanceMessage ? importanceMessageId : undefined}
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
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('decisionForm.removeCriterion', { number: index + 1 })}
                      disabled={fields.length <= 1}
                      onClick={() => removeRow(index)}
                    >
                      <Trash2 aria-hidden size={18} />
                    </Button>
                  </div>
                </div>
                {nameMessage ? (
                  <p id={nameMessageId} className="pl-8 text-sm text-red-700 dark:text-red-400">
                    {nameMessage}
                  </p>
                ) : null}
                {importanceMessage ? (
                  <p id={importanceMessageId} className="pl-8 text-sm text-red-700 dark:text-red-400">
                    {importanceMessage}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button
            variant="secondary"
            disabled={fields.length >= LIMITS.decision.maxCriteria}
            onClick={() => append(emptyCriterion())}
          >
            <Plus aria-hidden size={16} />
            {t('decisionForm.addCriterion')}
          </Button>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('decisionForm.importanceSum', { sum: format.plain(importanceSum) })}
          </p>
        </div>
      </section>
    </Card>
  );
}
