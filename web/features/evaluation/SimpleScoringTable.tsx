import { useState, type FormEvent } from 'react';
import { Calculator, Plus, Star, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/limits.ts';
import { computeSimpleScores, type SimpleResult } from '../../../shared/scoring/simple-evaluation.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { digitsOnly, GridCellInput } from '../../components/ui/GridCellInput.tsx';
import { inputClasses } from '../../components/ui/TextField.tsx';
import { useFormatters } from '../../lib/format.ts';
import {
  emptySimpleTable,
  invalidInputs,
  newKey,
  parseRating,
  parseWeight,
  ratingKey,
  SIMPLE_SCALE,
  type SimpleTable,
} from './simple-scoring-model.ts';

/** The simple weighted scoring table of /evaluation; it runs entirely in the browser. */
export function SimpleScoringTable() {
  const { t } = useTranslation();
  const format = useFormatters();
  const [table, setTable] = useState<SimpleTable>(emptySimpleTable);
  const [hasTriedToCalculate, setHasTriedToCalculate] = useState(false);
  const [results, setResults] = useState<SimpleResult[] | null>(null);
  const invalid = hasTriedToCalculate ? invalidInputs(table) : new Set<string>();

  const optionLabel = (index: number) =>
    table.options[index]?.name.trim() || t('decisionForm.optionFallback', { number: index + 1 });
  const criterionLabel = (index: number) =>
    table.criteria[index]?.name.trim() || t('decisionForm.criterionFallback', { number: index + 1 });

  function update(change: (current: SimpleTable) => SimpleTable) {
    setTable(change);
    setResults(null); // a result must never describe other inputs than the ones on screen
  }

  function calculate(event: FormEvent) {
    event.preventDefault();
    setHasTriedToCalculate(true);
    if (invalidInputs(table).size > 0) {
      setResults(null);
      return;
    }
    setResults(
      computeSimpleScores(
        table.options.map((option) => option.name.trim()),
        table.criteria.map((criterion) => ({
          name: criterion.name.trim(),
          weight: parseWeight(criterion.weight) ?? 0,
        })),
        table.criteria.map((criterion) =>
          table.options.map(
            (option) => parseRating(table.ratings[ratingKey(criterion.key, option.key)]) ?? 0,
          ),
        ),
      ),
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <form noValidate onSubmit={calculate} className="flex flex-col gap-4">
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('evaluation.hint', SIMPLE_SCALE)}</p>
          <div className="relative -mx-6 overflow-x-auto px-6">
            <table data-grid className="border-separate border-spacing-0 text-sm">
              <caption className="sr-only">{t('evaluation.caption', SIMPLE_SCALE)}</caption>
              <thead>
                <tr>
                  <th
                    scope="col"
                    className="py-2 pr-2 text-left font-medium text-slate-600 dark:text-slate-400"
                  >
                    {t('evaluation.criterion')}
                  </th>
                  <th
                    scope="col"
                    className="px-2 py-2 text-left font-medium text-slate-600 dark:text-slate-400"
                  >
                    {t('evaluation.weight')}
                  </th>
                  {table.options.map((option, index) => (
                    <th key={option.key} scope="col" className="px-2 py-2 align-bottom font-medium">
                      <div className="flex w-44 items-center gap-1">
                        <input
                          aria-label={t('decisionForm.optionName', { number: index + 1 })}
                          aria-invalid={invalid.has(`name-${option.key}`) || undefined}
                          placeholder={t('decisionForm.optionFallback', { number: index + 1 })}
                          value={option.name}
                          maxLength={LIMITS.decision.optionNameMax}
                          onChange={(event) => {
                            const name = event.target.value.trimStart();
                            update((current) => ({
                              ...current,
                              options: current.options.map((row) =>
                                row.key === option.key ? { ...row, name } : row,
                              ),
                            }));
                          }}
                          className={`${inputClasses} h-9`}
                        />
                        <Button
                          variant="ghost"
                          size="icon"
                          className="size-8"
                          aria-label={t('decisionForm.removeOption', { number: index + 1 })}
                          disabled={table.options.length <= 1}
                          onClick={() =>
                            update((current) => ({
                              ...current,
                              options: current.options.filter((row) => row.key !== option.key),
                            }))
                          }
                        >
                          <X aria-hidden size={16} />
                        </Button>
                      </div>
                    </th>
                  ))}
                  <th scope="col" className="sr-only">
                    {t('evaluation.actions')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {table.criteria.map((criterion, row) => (
                  <tr key={criterion.key}>
                    <th scope="row" className="py-2 pr-2 text-left font-normal">
                      <div className="w-40">
                        <input
                          aria-label={t('decisionForm.criterionName', { number: row + 1 })}
                          aria-invalid={invalid.has(`name-${criterion.key}`) || undefined}
                          placeholder={t('decisionForm.criterionFallback', { number: row + 1 })}
                          value={criterion.name}
                          maxLength={LIMITS.decision.criterionNameMax}
                          onChange={(event) => {
                            const name = event.target.value.trimStart();
                            update((current) => ({
                              ...current,
                              criteria: current.criteria.map((item) =>
                                item.key === criterion.key ? { ...item, name } : item,
                              ),
                            }));
                          }}
                          className={`${inputClasses} h-9`}
                        />
                      </div>
                    </th>
                    <td className="px-2 py-2">
                      <div className="relative w-24">
                        <input
                          type="number"
                          min={LIMITS.scales.weight.min}
                          max={LIMITS.scales.weight.max}
                          step="any"
                          aria-label={t('evaluation.weightOf', { criterion: criterionLabel(row) })}
                          aria-invalid={invalid.has(`weight-${criterion.key}`) || undefined}
                          value={criterion.weight}
                          onChange={(event) => {
                            const weight = event.target.value;
                            update((current) => ({
                              ...current,
                              criteria: current.criteria.map((item) =>
                                item.key === criterion.key ? { ...item, weight } : item,
                              ),
                            }));
                          }}
                          className={`${inputClasses} h-9 pr-7 text-right tabular-nums`}
                        />
                        <span
                          aria-hidden
                          className="pointer-events-none absolute inset-y-0 right-2.5 flex items-center text-slate-500 dark:text-slate-400"
                        >
                          %
                        </span>
                      </div>
                    </td>
                    {table.options.map((option, column) => {
                      const key = ratingKey(criterion.key, option.key);
                      return (
                        <td key={option.key} className="px-2 py-2 text-center">
                          <GridCellInput
                            row={row}
                            column={column}
                            maxLength={1}
                            required
                            isInvalid={invalid.has(key)}
                            aria-label={t('decisionForm.cellLabel', {
                              option: optionLabel(column),
                              criterion: criterionLabel(row),
                              ...SIMPLE_SCALE,
                            })}
                            value={table.ratings[key] ?? ''}
                            onChange={(event) => {
                              const rating = digitsOnly(event.target.value);
                              update((current) => ({
                                ...current,
                                ratings: { ...current.ratings, [key]: rating },
                              }));
                            }}
                          />
                        </td>
                      );
                    })}
                    <td className="py-2 pl-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        aria-label={t('decisionForm.removeCriterion', { number: row + 1 })}
                        disabled={table.criteria.length <= 1}
                        onClick={() =>
                          update((current) => ({
                            ...current,
                            criteria: current.criteria.filter((item) => item.key !== criterion.key),
                          }))
                        }
                      >
                        <X aria-hidden size={16} />
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              disabled={table.criteria.length >= LIMITS.decision.maxCriteria}
              onClick={() =>
                update((current) => ({
                  ...current,
                  criteria: [...current.criteria, { key: newKey(), name: '', weight: '' }],
                }))
              }
            >
              <Plus aria-hidden size={16} />
              {t('decisionForm.addCriterion')}
            </Button>
            <Button
              variant="secondary"
              disabled={table.options.length >= LIMITS.decision.maxOptions}
              onClick={() =>
                update((current) => ({
                  ...current,
                  options: [...current.options, { key: newKey(), name: '' }],
                }))
              }
            >
              <Plus aria-hidden size={16} />
              {t('decisionForm.addOption')}
            </Button>
          </div>
          {invalid.size > 0 ? (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              {t('evaluation.incomplete', SIMPLE_SCALE)}
            </p>
          ) : null}
          <Button type="submit" size="lg" className="self-start">
            <Calculator aria-hidden size={18} />
            {t('evaluation.calculate')}
          </Button>
        </form>
      </Card>

      {results ? (
        <Card>
          <section aria-labelledby="result-heading" aria-live="polite">
            <h2 id="result-heading" className="mb-4 text-xl font-semibold text-slate-900 dark:text-white">
              {t('evaluation.result')}
            </h2>
            <ol className="flex flex-col gap-2">
              {results.map((result, index) => (
                <li
                  // Names may repeat in this scratch table; the position keeps keys unique.
                  key={`${index}-${result.option}`}
                  className={`flex items-center justify-between gap-4 rounded-lg px-4 py-3 ${
                    result.isTop
                      ? 'bg-emerald-50 font-semibold text-emerald-900 ring-1 ring-emerald-300 dark:bg-emerald-950/40 dark:text-emerald-100 dark:ring-emerald-800'
                      : 'bg-slate-50 text-slate-800 dark:bg-slate-800/50 dark:text-slate-200'
                  }`}
                >
                  <span className="flex items-center gap-2">
                    {result.isTop ? (
                      <>
                        <Star aria-hidden size={18} className="fill-amber-400 text-amber-500" />
                        <span className="sr-only">{t('matrix.topOption')}:</span>
                      </>
                    ) : null}
                    {result.option}
                  </span>
                  <span className="tabular-nums">{format.number(result.score, 2)}</span>
                </li>
              ))}
            </ol>
          </section>
        </Card>
      ) : null}
    </div>
  );
}
