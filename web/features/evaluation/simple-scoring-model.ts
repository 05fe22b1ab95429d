import { LIMITS } from '../../../shared/limits.ts';

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
  /** Rating text by `ratingKey(criterion, option)`. */
  ratings: Record<string, string>;
}

let keyCounter = 0;
export function newKey(): string {
  keyCounter += 1;
  return `k${keyCounter}`;
}

export const ratingKey = (criterionKey: string, optionKey: string) => `${criterionKey}_${optionKey}`;

export function emptySimpleTable(): SimpleTable {
  return {
    criteria: [
      { key: newKey(), name: '', weight: '' },
      { key: newKey(), name: '', weight: '' },
    ],
    options: [
      { key: newKey(), name: '' },
      { key: newKey(), name: '' },
    ],
    ratings: {},
  };
}

export function parseRating(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const rating = Number(raw);
  return rating >= SIMPLE_SCALE.min && rating <= SIMPLE_SCALE.max ? rating : null;
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
      const key = ratingKey(criterion.key, option.key);
      if (parseRating(table.ratings[key]) === null) invalid.add(key);
    }
  }
  for (const option of table.options) if (!option.name.trim()) invalid.add(`name-${option.key}`);
  return invalid;
}
