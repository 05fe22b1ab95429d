import { useRef } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { inputClasses } from '../../components/ui/TextField.tsx';
import { clampPercent, duplicateRowIndexes, newRow, type NameRow } from './name-rows.ts';

interface NameRowsEditorProps {
  kind: 'option' | 'criterion';
  rows: NameRow[];
  onChange: (rows: NameRow[]) => void;
  isDisabled?: boolean;
  /** Criteria on the edit page also carry their fallback weight (importance). */
  showImportance?: boolean;
}

/** A dynamic list of names with add and remove; duplicates are flagged in red (SPEC.md section 5). */
export function NameRowsEditor({
  kind,
  rows,
  onChange,
  isDisabled = false,
  showImportance = false,
}: NameRowsEditorProps) {
  const { t } = useTranslation();
  const list = useRef<HTMLOListElement>(null);
  const duplicates = duplicateRowIndexes(rows);
  const maxRows = kind === 'option' ? LIMITS.decision.maxOptions : LIMITS.decision.maxCriteria;
  const maxLength = kind === 'option' ? LIMITS.decision.optionNameMax : LIMITS.decision.criterionNameMax;

  function update(index: number, changes: Partial<NameRow>) {
    onChange(rows.map((row, position) => (position === index ? { ...row, ...changes } : row)));
  }

  function focusRow(index: number) {
    // After React rendered the change: keep the keyboard user in the list.
    setTimeout(() => {
      const inputs = list.current?.querySelectorAll<HTMLInputElement>('input[data-row-name]');
      if (!inputs?.length) return;
      inputs[Math.min(index, inputs.length - 1)]?.focus();
    });
  }

  function add() {
    onChange([...rows, newRow(kind === 'criterion' ? { importance: 0 } : {})]);
    focusRow(rows.length);
  }

  function remove(index: number) {
    onChange(rows.filter((_, position) => position !== index));
    focusRow(index);
  }

  return (
    <div className="flex flex-col gap-3">
      {rows.length ? (
        <ol ref={list} className="flex flex-col gap-3">
          {rows.map((row, index) => {
            const number = index + 1;
            const isDuplicate = duplicates.has(index);
            const messageId = `${row.key}-message`;
            return (
              <li key={row.key} className="flex flex-col gap-1">
                <div className="flex items-center gap-2">
                  <span
                    aria-hidden
                    className="w-6 shrink-0 text-right text-sm font-medium text-slate-500 tabular-nums dark:text-slate-400"
                  >
                    {number}.
                  </span>
                  <input
                    data-row-name
                    aria-label={t(`team.${kind}Name`, { number })}
                    aria-invalid={isDuplicate || undefined}
                    aria-describedby={isDuplicate ? messageId : undefined}
                    value={row.name}
                    maxLength={maxLength}
                    disabled={isDisabled}
                    placeholder={t(`team.${kind}Placeholder`)}
                    onChange={(event) => update(index, { name: event.target.value.trimStart() })}
                    className={`${inputClasses} h-10 min-w-0 flex-1 disabled:opacity-60 ${isDuplicate ? 'bg-red-50 dark:bg-red-950/40' : ''}`}
                  />
                  {showImportance ? (
                    <span className="flex w-20 shrink-0 items-center gap-1">
                      <input
                        type="number"
                        inputMode="numeric"
                        min={LIMITS.decision.importance.min}
                        max={LIMITS.decision.importance.max}
                        step={1}
                        aria-label={t('teamEdit.importanceOf', { name: row.name || number })}
                        value={row.importance ?? 0}
                        disabled={isDisabled}
                        onChange={(event) =>
                          update(index, { importance: clampPercent(event.target.value) ?? 0 })
                        }
                        className={`${inputClasses} h-10 px-2 text-right tabular-nums disabled:opacity-60`}
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
                    onClick={() => remove(index)}
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
        disabled={isDisabled || rows.length >= maxRows}
        onClick={add}
      >
        <Plus aria-hidden size={16} />
        {t(kind === 'option' ? 'team.addOption' : 'team.addCriterion')}
      </Button>
    </div>
  );
}
