import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { inputClasses } from '../../components/ui/TextField.tsx';
import { clampedPercentInput, leftTrimmed } from '../decisions/form-inputs.ts';
import { duplicateRows, newRow, type NameRow } from './name-rows.ts';

/** The part of a team form this editor works on. */
export interface NameRowsFormValues {
  options: NameRow[];
  criteria: NameRow[];
}

interface NameRowsEditorProps {
  /** The list of the surrounding react-hook-form this editor edits. */
  name: keyof NameRowsFormValues;
  isDisabled?: boolean;
  /** Criteria on the edit page also carry their fallback weight (importance). */
  showImportance?: boolean;
}

/** A dynamic list of names with add and remove; duplicates are flagged in red (SPEC.md section 5). */
export function NameRowsEditor({ name, isDisabled = false, showImportance = false }: NameRowsEditorProps) {
  const { t } = useTranslation();
  const { control, register, setFocus } = useFormContext<NameRowsFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name });
  const rows = useWatch({ control, name });
  const duplicates = duplicateRows(rows);
  const kind = name === 'options' ? 'option' : 'criterion';
  const maxRows = kind === 'option' ? LIMITS.decision.maxOptions : LIMITS.decision.maxCriteria;
  const maxLength = kind === 'option' ? LIMITS.decision.optionNameMax : LIMITS.decision.criterionNameMax;

  // After React rendered the change: keep the keyboard user in the list.
  const focusRow = (index: number) => setTimeout(() => setFocus(`${name}.${index}.name`));

  function add() {
    append(newRow(kind === 'criterion' ? { importance: 0 } : {}));
    focusRow(fields.length);
  }

  function removeRow(index: number) {
    remove(index);
    focusRow(Math.min(index, fields.length - 2));
  }

  return (
    <div className="flex flex-col gap-3">
      {fields.length ? (
        <ol className="flex flex-col gap-3">
          {fields.map((field, index) => {
            const number = index + 1;
            const isDuplicate = duplicates.has(index);
            const messageId = `${field.key}-message`;
            return (
              <li key={field.key} className="flex flex-col gap-1">
                <div className="flex items-center gap-2">
                  <span
                    aria-hidden
                    className="w-6 shrink-0 text-right text-sm font-medium text-slate-500 tabular-nums dark:text-slate-400"
                  >
                    {number}.
                  </span>
                  <input
                    aria-label={t(`team.${kind}Name`, { number })}
                    aria-invalid={isDuplicate || undefined}
                    aria-describedby={isDuplicate ? messageId : undefined}
                    maxLength={maxLength}
                    disabled={isDisabled}
                    placeholder={t(`team.${kind}Placeholder`)}
                    className={`${inputClasses} h-10 min-w-0 flex-1 disabled:opacity-60 ${isDuplicate ? 'bg-red-50 dark:bg-red-950/40' : ''}`}
                    {...leftTrimmed(register(`${name}.${index}.name`))}
                  />
                  {showImportance ? (
                    <span className="flex w-20 shrink-0 items-center gap-1">
                      <input
                        type="number"
                        inputMode="numeric"
                        min={LIMITS.decision.importance.min}
                        max={LIMITS.decision.importance.max}
                        step={1}
                        aria-label={t('teamEdit.importanceOf', { name: rows[index]?.name || number })}
                        disabled={isDisabled}
                        className={`${inputClasses} h-10 px-2 text-right tabular-nums disabled:opacity-60`}
                        {...clampedPercentInput(
                          register(`${name}.${index}.importance`, { setValueAs: (value) => Number(value) }),
                        )}
                      />
                      <span aria-hidden className="text-sm text-slate-600 dark:text-slate-400">
                        %
                      </span>
                    </span>
                  ) : null}
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t(`team.remove${kind === 'option' ? 'Option' : 'Criterion'}`, { number })}
                    disabled={isDisabled}
                    onClick={() => removeRow(index)}
                  >
                    <Trash2 aria-hidden size={18} />
                  </Button>
                </div>
                {isDuplicate ? (
                  <p id={messageId} className="pl-8 text-sm text-red-700 dark:text-red-400">
                    {t('team.duplicate')}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t(kind === 'option' ? 'team.noOptions' : 'team.noCriteria')}
        </p>
      )}
      <Button
        variant="secondary"
        className="self-start"
        disabled={isDisabled || fields.length >= maxRows}
        onClick={add}
      >
        <Plus aria-hidden size={16} />
        {t(kind === 'option' ? 'team.addOption' : 'team.addCriterion')}
      </Button>
    </div>
  );
}
