import { roundTo } from './rounding.ts';

export interface SimpleCriterion {
  name: string;
  /** Percent. */
  weight: number;
}

export interface SimpleResult {
  option: string;
  /** Σ rating × weight / 100, 2 decimals. */
  score: number;
  isTop: boolean;
}

/**
 * The /evaluation calculator: ratings[criterionIndex][optionIndex] on 1–5. Sorted best first;
 * every option sharing the best score is marked top.
 */
export function computeSimpleScores(
  options: readonly string[],
  criteria: readonly SimpleCriterion[],
  ratings: readonly (readonly number[])[],
): SimpleResult[] {
  const scored = options.map((option, optionIndex) => ({
    option,
    score: roundTo(
      criteria.reduce(
        (sum, criterion, criterionIndex) =>
          sum + ((ratings[criterionIndex]?.[optionIndex] ?? 0) * criterion.weight) / 100,
        0,
      ),
      2,
    ),
  }));
  scored.sort((a, b) => b.score - a.score);
  const best = scored[0]?.score;
  return scored.map((entry) => ({ ...entry, isTop: entry.score === best }));
}
