import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/limits.ts';
import { inputClasses } from '../../components/ui/TextField.tsx';
import type { MeasuredFields } from './measured-criteria.ts';

/**
 * Issue 31: whether a criterion is scored 1–10 or measured (a raw value in a unit, lower or higher
 * better, with optional worst and best values; empty ones follow the options' values).
 */
export function MeasuredCriterionFields({
  index,
  criterionLabel,
}: {
  index: number;
  criterionLabel: string;
}) {
  const { t } = useTranslation();
  // The personal form's and the team forms' criteria rows both hold these fields.
  const { control, register } = useFormContext<{ criteria: MeasuredFields[] }>();
  const kind = useWatch({ control, name: `criteria.${index}.kind` });
  const idOf = (part: string) => `criterion-${index}-${part}`;
  const labelClass = 'flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-300';
  return (
    <div className="flex flex-wrap items-end gap-3 pl-8">
      <label className={labelClass} htmlFor={idOf('kind')}>
        {t('decisionForm.kindLabel', { name: criterionLabel })}
        <select id={idOf('kind')} className={`${inputClasses} h-10`} {...register(`criteria.${index}.kind`)}>
          <option value="score">{t('decisionForm.kindScore')}</option>
          <option value="measure">{t('decisionForm.kindMeasure')}</option>
        </select>
      </label>
      {kind === 'measure' ? (
        <>
          <label className={labelClass} htmlFor={idOf('unit')}>
            {t('decisionForm.unitOf', { name: criterionLabel })}
            <input
              id={idOf('unit')}
              maxLength={LIMITS.decision.unitMax}
              className={`${inputClasses} h-10 w-24`}
              {...register(`criteria.${index}.unit`)}
            />
          </label>
          <label className={labelClass} htmlFor={idOf('direction')}>
            {t('decisionForm.directionOf', { name: criterionLabel })}
            <select
              id={idOf('direction')}
              className={`${inputClasses} h-10`}
              {...register(`criteria.${index}.direction`)}
            >
              <option value="higher">{t('decisionForm.directionHigher')}</option>
              <option value="lower">{t('decisionForm.directionLower')}</option>
            </select>
          </label>
          <label className={labelClass} htmlFor={idOf('worst')}>
            {t('decisionForm.worstOf', { name: criterionLabel })}
            <input
              id={idOf('worst')}
              inputMode="decimal"
              className={`${inputClasses} h-10 w-28`}
              {...register(`criteria.${index}.worst`)}
            />
          </label>
          <label className={labelClass} htmlFor={idOf('best')}>
            {t('decisionForm.bestOf', { name: criterionLabel })}
            <input
              id={idOf('best')}
              inputMode="decimal"
              className={`${inputClasses} h-10 w-28`}
              {...register(`criteria.${index}.best`)}
            />
          </label>
        </>
      ) : null}
    </div>
  );
}
