import { LIMITS } from '../../../shared/limits.ts';
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
