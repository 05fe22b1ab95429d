import { useEffect, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { Calculator, Plus, Star, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/limits.ts';
import type { SimpleResult } from '../../../shared/scoring/simple-evaluation.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { GridCellInput, scoreCharactersOnly } from '../../components/ui/GridCellInput.tsx';
import { MatrixTable } from '../../components/ui/MatrixTable.tsx';
import { inputClasses } from '../../components/ui/TextField.tsx';
import { useFormatters } from '../../lib/format.ts';
import { cellErrorMessage } from '../../lib/cell-error-message.ts';
import { cellKey, isInvalidCell } from '../../lib/matrix-model.ts';
import {
  canAddCriterion,
  canAddOption,
  canRemoveRow,
  emptySimpleTable,
  invalidInputs,
  simpleScoresOf,
  SIMPLE_SCALE,
  withCriterionAdded,
  withCriterionChange,
  withOptionAdded,
  withOptionName,
  withoutCriterion,
  withoutOption,
  withRating,
  type SimpleCriterionRow,
  type SimpleRow,
  type SimpleTable,
} from './simple-scoring-model.ts';

/** The simple weighted scoring table of /evaluation; it runs entirely in the browser. */
export function SimpleScoringTable() {
  const { t } = useTranslation();
  const [table, setTable] = useState<SimpleTable>(emptySimpleTable);
  const [hasTriedToCalculate, setHasTriedToCalculate] = useState(false);
  const [results, setResults] = useState<SimpleResult[] | null>(null);
  const resultRef = useRef<HTMLElement>(null);
  // The result appears below the form: on a phone it would be off-screen, so bring it into view.
  useEffect(() => {
    if (results) resultRef.current?.scrollIntoView({ block: 'nearest' });
  }, [results]);
  const invalid = hasTriedToCalculate ? invalidInputs(table) : new Set<string>();

  const optionLabel = (index: number) =>
    table.options[index]?.name.trim() || t('decisionForm.optionFallback', { number: index + 1 });
  const criterionLabel = (index: number) =>
    table.criteria[index]?.name.trim() || t('decisionForm.criterionFallback', { number: index + 1 });

  function update(change: (current: SimpleTable) => SimpleTable) {
    setTable(change);
    setResults(null); // a result must never describe other inputs than the ones on screen
  }

  function nameInput(
    kind: keyof typeof ROW_NAME,
    row: number,
    item: SimpleRow,
    rename: (current: SimpleTable, name: string) => SimpleTable,
  ) {
    return (
      <RowNameInput
        kind={kind}
        row={row}
        isInvalid={invalid.has(`name-${item.key}`)}
        value={item.name}
        onChange={(name) => update((current) => rename(current, name))}
      />
    );
  }

  function calculate(event: FormEvent) {
    event.preventDefault();
    setHasTriedToCalculate(true);
    setResults(simpleScoresOf(table));
  }

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <form noValidate onSubmit={calculate} className="flex flex-col gap-4">
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('evaluation.hint', SIMPLE_SCALE)}</p>
          <MatrixTable
            caption={t('evaluation.caption', SIMPLE_SCALE)}
            captionId="evaluation-caption"
            cornerHeader={
              <span className="flex flex-col gap-0.5 sm:flex-row sm:gap-2">
                <span className="sm:w-40">{t('evaluation.criterion')}</span>
                <span className="sm:w-24">{t('evaluation.weight')}</span>
              </span>
            }
            density="compact"
            width="fit"
            isBleeding
            rows={table.criteria.map((criterion, index) => ({ ...criterion, label: criterionLabel(index) }))}
            columns={table.options.map((option, index) => ({ ...option, label: optionLabel(index) }))}
            renderRowHeader={(criterion, row) => (
              <CriterionInputs
                criterion={criterion}
                nameInput={nameInput('criterion', row, criterion, (current, name) =>
                  withCriterionChange(current, criterion.key, { name }),
                )}
                invalid={invalid}
                onWeightChange={(weight) =>
                  update((current) => withCriterionChange(current, criterion.key, { weight }))
                }
              />
            )}
            renderColumnHeader={(option, index) => (
              <div className="flex w-32 items-center gap-1 sm:w-44">
                {nameInput('option', index, option, (current, name) =>
                  withOptionName(current, option.key, name),
                )}
                <RemoveRowButton
                  label={t('decisionForm.removeOption', { number: index + 1 })}
                  isDisabled={!canRemoveRow(table.options.length)}
                  onRemove={() => update((current) => withoutOption(current, option.key))}
                />
              </div>
            )}
            renderCell={(criterion, option, row, column) => (
              <RatingInput
                ratingKey={cellKey(option.key, criterion.key)}
                table={table}
                invalid={invalid}
                row={row}
                column={column}
                label={t('decisionForm.cellLabel', {
                  option: option.label,
                  criterion: criterion.label,
                  ...SIMPLE_SCALE,
                })}
                onChange={(key, rating) => update((current) => withRating(current, key, rating))}
              />
            )}
            trailingColumns={[
              {
                key: 'actions',
                header: t('evaluation.actions'),
                isHeaderHidden: true,
                render: (criterion, row) => (
                  <RemoveRowButton
                    label={t('decisionForm.removeCriterion', { number: row + 1 })}
                    isDisabled={!canRemoveRow(table.criteria.length)}
                    onRemove={() => update((current) => withoutCriterion(current, criterion.key))}
                  />
                ),
              },
            ]}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              disabled={!canAddCriterion(table)}
              onClick={() => update(withCriterionAdded)}
            >
              <Plus aria-hidden size={16} />
              {t('decisionForm.addCriterion')}
            </Button>
            <Button
              variant="secondary"
              disabled={!canAddOption(table)}
              onClick={() => update(withOptionAdded)}
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

      {results ? <SimpleResultList results={results} sectionRef={resultRef} /> : null}
    </div>
  );
}

/**
 * A criterion's name and weight: they share the sticky first column (stacked on a phone), so the
 * ratings start right beside it on a 390 px screen.
 */
function CriterionInputs({
  criterion,
  nameInput,
  invalid,
  onWeightChange,
}: {
  criterion: SimpleCriterionRow & { label: string };
  nameInput: ReactNode;
  invalid: ReadonlySet<string>;
  onWeightChange: (weight: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex w-32 flex-col gap-2 sm:w-auto sm:flex-row">
      {nameInput}
      <div className="relative sm:w-24">
        <input
          type="number"
          min={LIMITS.scales.weight.min}
          max={LIMITS.scales.weight.max}
          step="any"
          aria-label={t('evaluation.weightOf', { criterion: criterion.label })}
          aria-invalid={invalid.has(`weight-${criterion.key}`) || undefined}
          value={criterion.weight}
          onChange={(event) => onWeightChange(event.target.value)}
          className={`${inputClasses} h-9 pr-7 text-right font-normal tabular-nums`}
        />
        <span
          aria-hidden
          className="pointer-events-none absolute inset-y-0 right-2.5 flex items-center font-normal text-slate-500 dark:text-slate-400"
        >
          %
        </span>
      </div>
    </div>
  );
}

const ROW_NAME = {
  option: {
    label: 'decisionForm.optionName',
    fallback: 'decisionForm.optionFallback',
    maxLength: LIMITS.decision.optionNameMax,
    className: 'h-9',
  },
  criterion: {
    label: 'decisionForm.criterionName',
    fallback: 'decisionForm.criterionFallback',
    maxLength: LIMITS.decision.criterionNameMax,
    // Name and weight share the sticky first column (stacked on a phone).
    className: 'h-9 font-normal sm:w-40',
  },
} as const;

/** An option's or criterion's name, labelled by its place ("Option 2"). */
function RowNameInput({
  kind,
  row,
  isInvalid,
  value,
  onChange,
}: {
  kind: keyof typeof ROW_NAME;
  row: number;
  isInvalid: boolean;
  value: string;
  onChange: (name: string) => void;
}) {
  const { t } = useTranslation();
  const texts = ROW_NAME[kind];
  return (
    <input
      aria-label={t(texts.label, { number: row + 1 })}
      aria-invalid={isInvalid || undefined}
      placeholder={t(texts.fallback, { number: row + 1 })}
      value={value}
      maxLength={texts.maxLength}
      onChange={(event) => onChange(event.target.value)}
      className={`${inputClasses} ${texts.className}`}
    />
  );
}

function RatingInput({
  ratingKey,
  table,
  invalid,
  row,
  column,
  label,
  onChange,
}: {
  ratingKey: string;
  table: SimpleTable;
  invalid: ReadonlySet<string>;
  row: number;
  column: number;
  label: string;
  onChange: (key: string, rating: string) => void;
}) {
  const { t } = useTranslation();
  const rating = table.ratings[ratingKey];
  // An empty cell is flagged once "Calculate" was tried; a number off 1–5 at once, with the range.
  const isOffScale = isInvalidCell(rating, SIMPLE_SCALE);
  return (
    <GridCellInput
      row={row}
      column={column}
      // "3.5" stays visible to be refused with a message, never cut to "3".
      maxLength={3}
      required
      isInvalid={invalid.has(ratingKey) || isOffScale}
      errorMessage={isOffScale ? cellErrorMessage(t, rating, SIMPLE_SCALE) : undefined}
      aria-label={label}
      value={rating ?? ''}
      onChange={(event) => onChange(ratingKey, scoreCharactersOnly(event.target.value))}
    />
  );
}

function SimpleResultList({
  results,
  sectionRef,
}: {
  results: readonly SimpleResult[];
  sectionRef: Ref<HTMLElement>;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <Card>
      <section ref={sectionRef} aria-labelledby="result-heading" aria-live="polite">
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
  );
}

/** The × beside an option or criterion; the last row of each kind stays. */
function RemoveRowButton({
  label,
  isDisabled,
  onRemove,
}: {
  label: string;
  isDisabled: boolean;
  onRemove: () => void;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-8"
      aria-label={label}
      disabled={isDisabled}
      onClick={onRemove}
    >
      <X aria-hidden size={16} />
    </Button>
  );
}
