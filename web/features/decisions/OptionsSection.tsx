import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { inputClasses } from '../../components/ui/TextField.tsx';
import { translateFieldError } from '../../lib/form-errors.ts';
import { duplicatePositions, emptyOption, type DecisionFormValues } from './decision-form-model.ts';
import { leftTrimmed } from './form-inputs.ts';

export function OptionsSection() {
  const { t } = useTranslation();
  const {
    control,
    register,
    setFocus,
    formState: { errors },
  } = useFormContext<DecisionFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'options' });
  const names = useWatch({ control, name: 'options' }).map((option) => option.name);
  const duplicates = duplicatePositions(names);

  function removeRow(index: number) {
    remove(index);
    // Keep the keyboard user in the list: the next row (or the last one) takes the focus.
    setTimeout(() => setFocus(`options.${Math.min(index, fields.length - 2)}.name`));
  }

  return (
    <Card>
      <section aria-labelledby="options-heading" className="flex flex-col gap-4">
        <header>
          <h2 id="options-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t('decisionForm.options')}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('decisionForm.optionsHint')}</p>
        </header>
        <ol className="flex flex-col gap-3">
          {fields.map((field, index) => {
            const isDuplicate = duplicates.has(index);
            const message = isDuplicate
              ? t('validation.duplicateName')
              : translateFieldError(t, errors.options?.[index]?.name?.message);
            const messageId = `option-${field.rowKey}-message`;
            return (
              <li key={field.id} className="flex flex-col gap-1">
                <div className="flex items-center gap-2">
                  <span
                    aria-hidden
                    className="w-6 shrink-0 text-right text-sm font-medium text-slate-500 tabular-nums dark:text-slate-400"
                  >
                    {index + 1}.
                  </span>
                  <input
                    aria-label={t('decisionForm.optionName', { number: index + 1 })}
                    aria-invalid={message ? true : undefined}
                    aria-describedby={message ? messageId : undefined}
                    placeholder={t('decisionForm.optionPlaceholder')}
                    maxLength={LIMITS.decision.optionNameMax}
                    className={`${inputClasses} h-10 aria-invalid:bg-red-50 dark:aria-invalid:bg-red-950/40`}
                    {...leftTrimmed(register(`options.${index}.name`))}
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('decisionForm.removeOption', { number: index + 1 })}
                    disabled={fields.length <= 1}
                    onClick={() => removeRow(index)}
                  >
                    <Trash2 aria-hidden size={18} />
                  </Button>
                </div>
                {message ? (
                  <p id={messageId} className="pl-8 text-sm text-red-700 dark:text-red-400">
                    {message}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
        <Button
          variant="secondary"
          className="self-start"
          disabled={fields.length >= LIMITS.decision.maxOptions}
          onClick={() => append(emptyOption())}
        >
          <Plus aria-hidden size={16} />
          {t('decisionForm.addOption')}
        </Button>
      </section>
    </Card>
  );
}
