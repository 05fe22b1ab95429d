import { roundedSharesOf, scaledToHundred } from '../../shared/scoring/shares.ts';

/**
 * An importance as the form holds it (text in the personal form, a number in the team forms): a
 * number ≥ 0, or null for an empty, non-numeric or negative entry, which counts in no sum or share.
 */
export function countedImportance(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))
    return null;
  const importance = Number(value);
  return Number.isFinite(importance) && importance >= 0 ? importance : null;
}

export interface ImportanceSummary {
  sum: number;
  /** Each row's share in whole percents (adding up to exactly 100); null without an importance or a sum. */
  shares: (number | null)[];
  /** "Scale to 100 %" changes something only when the sum is neither 0 nor already 100. */
  canScale: boolean;
}

function givenImportances(importances: readonly (number | null)[]): Map<number, number> {
  return new Map(importances.flatMap((importance, row) => (importance === null ? [] : [[row, importance]])));
}

/** What the criteria editor shows: "Sum of importances: 120" and "30 → 25 %" per row. */
export function summarizeImportances(importances: readonly (number | null)[]): ImportanceSummary {
  const given = givenImportances(importances);
  const sum = [...given.values()].reduce((total, importance) => total + importance, 0);
  const shares = roundedSharesOf(given);
  return {
    sum,
    shares: importances.map((_, row) => (sum > 0 ? (shares.get(row) ?? null) : null)),
    // Typed decimals may add up to 99.99999…: that is 100 already.
    canScale: sum > 0 && Math.abs(sum - 100) > 1e-9,
  };
}

/** The importances rewritten in whole numbers adding up to 100, same proportions; empty rows stay empty. */
export function importancesScaledToHundred(importances: readonly (number | null)[]): (number | null)[] {
  const scaled = scaledToHundred(givenImportances(importances));
  return importances.map((_, row) => scaled.get(row) ?? null);
}
