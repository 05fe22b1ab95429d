import { LIMITS } from '../../../shared/limits.ts';
import { computeSimpleScores, type SimpleResult } from '../../../shared/scoring/simple-evaluation.ts';
import { cellKey, cellValueOf, newRowKey } from '../../lib/matrix-model.ts';

export const SIMPLE_SCALE = LIMITS.scales.simpleForm;
const WEIGHT = LIMITS.scales.weight;

export interface SimpleRow {
  key: string;
  name: string;
}
export interface SimpleCriterionRow extends SimpleRow {
  weight: string;
}
export interface SimpleTable {
  criteria: SimpleCriterionRow[];
  options: SimpleRow[];
  /** Rating text by `cellKey(option key, criterion key)`. */
  ratings: Record<string, string>;
}

export const emptyCriterionRow = (): SimpleCriterionRow => ({ key: newRowKey(), name: '', weight: '' });
export const emptyOptionRow = (): SimpleRow => ({ key: newRowKey(), name: '' });

export function emptySimpleTable(): SimpleTable {
  return {
    criteria: [emptyCriterionRow(), emptyCriterionRow()],
    options: [emptyOptionRow(), emptyOptionRow()],
    ratings: {},
  };
}

export function parseWeight(raw: string): number | null {
  if (raw.trim() === '') return null;
  const weight = Number(raw);
  return Number.isFinite(weight) && weight >= WEIGHT.min && weight <= WEIGHT.max ? weight : null;
}

/** Keys of every input that blocks the calculation: names, weights and all ratings are required. */
export function invalidInputs(table: SimpleTable): Set<string> {
  const invalid = new Set<string>();
  for (const criterion of table.criteria) {
    if (!criterion.name.trim()) invalid.add(`name-${criterion.key}`);
    if (parseWeight(criterion.weight) === null) invalid.add(`weight-${criterion.key}`);
    for (const option of table.options) {
      const key = cellKey(option.key, criterion.key);
      if (cellValueOf(table.ratings[key], SIMPLE_SCALE) === null) invalid.add(key);
    }
  }
  for (const option of table.options) if (!option.name.trim()) invalid.add(`name-${option.key}`);
  return invalid;
}

/** An option renamed; a leading space is never kept (as everywhere a name is typed). */
export function withOptionName(table: SimpleTable, key: string, name: string): SimpleTable {
  const trimmed = name.trimStart();
  return {
    ...table,
    options: table.options.map((row) => (row.key === key ? { ...row, name: trimmed } : row)),
  };
}

export function withCriterionChange(
  table: SimpleTable,
  key: string,
  change: Partial<Pick<SimpleCriterionRow, 'name' | 'weight'>>,
): SimpleTable {
  const trimmed = change.name === undefined ? change : { ...change, name: change.name.trimStart() };
  return {
    ...table,
    criteria: table.criteria.map((row) => (row.key === key ? { ...row, ...trimmed } : row)),
  };
}

export function withRating(table: SimpleTable, key: string, rating: string): SimpleTable {
  return { ...table, ratings: { ...table.ratings, [key]: rating } };
}

export function withoutOption(table: SimpleTable, key: string): SimpleTable {
  return { ...table, options: table.options.filter((row) => row.key !== key) };
}

export function withoutCriterion(table: SimpleTable, key: string): SimpleTable {
  return { ...table, criteria: table.criteria.filter((row) => row.key !== key) };
}

export function withOptionAdded(table: SimpleTable): SimpleTable {
  return { ...table, options: [...table.options, emptyOptionRow()] };
}

export function withCriterionAdded(table: SimpleTable): SimpleTable {
  return { ...table, criteria: [...table.criteria, emptyCriterionRow()] };
}

export const canAddOption = (table: SimpleTable) => table.options.length < LIMITS.decision.maxOptions;
export const canAddCriterion = (table: SimpleTable) => table.criteria.length < LIMITS.decision.maxCriteria;
/** The last row of each kind stays. */
export const canRemoveRow = (rowCount: number) => rowCount > 1;

/** "Calculate": the options best first, or null while any input blocks the calculation. */
export function simpleScoresOf(table: SimpleTable): SimpleResult[] | null {
  if (invalidInputs(table).size > 0) return null;
  return computeSimpleScores(
    table.options.map((option) => option.name.trim()),
    table.criteria.map((criterion) => ({
      name: criterion.name.trim(),
      weight: parseWeight(criterion.weight) ?? 0,
    })),
    table.criteria.map((criterion) =>
      table.options.map(
        (option) => cellValueOf(table.ratings[cellKey(option.key, criterion.key)], SIMPLE_SCALE) ?? 0,
      ),
    ),
  );
}
