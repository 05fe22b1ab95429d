import { roundTo } from './rounding.ts';

export interface ScoredOption {
  id: number;
}
export interface WeightedCriterion {
  id: number;
  /** Issue 31: a measured criterion's cells are computed from raw values; absent means a score. */
  kind?: 'score' | 'measure';
  /** Percent; the sum is not required to be 100 (totals divide by the sum). */
  importance: number;
}
export interface CellValue {
  option_id: number;
  criterion_id: number;
  value: number;
}

export interface RankedOption {
  option_id: number;
  /**
   * Σ value × importance / Σ importance, rounded to 2 decimals (the details view shows 1); on the
   * decision's scale. null when nothing was scored yet (a team option without any vote).
   */
  total: number | null;
  /** Competition ranking: ties share a rank, the next rank skips (1, 1, 3); null without a total. */
  rank: number | null;
  /** Never for an option knocked out by a must-have (issue 17), which ranks after every other. */
  is_top: boolean;
  /** Below a criterion's minimum (or without a value there): ranked after every option that passes. */
  knocked_out: boolean;
}

/** The personal total in one line (details `results.formula`; the screens and exports explain it in words). */
export const PERSONAL_TOTAL_FORMULA =
  'total = Σ value × importance / Σ importance (on the 1–10 scale; a missing cell counts 0; 2 decimals)';

/**
 * The cells that count in a personal decision: its owner's values and AI values (other rows, e.g. a
 * former team member's, are ignored). One rule for the server's totals, the exports and the screens.
 */
export function countedPersonalCells<
  T extends { user_id: number | null; generated_by: 'user' | 'ai' | 'fact' },
>(evaluations: readonly T[], ownerId: number): T[] {
  return evaluations.filter((e) => e.user_id === ownerId || e.generated_by === 'ai');
}

/**
 * Personal weighted totals: each option's Σ value × importance / Σ importance, so a total stays on
 * the decision's scale whatever the importances add up to (identical to Σ value × importance / 100
 * when they add up to 100). A missing cell counts 0; with no importance at all every total is 0.
 * When several values exist for one cell (e.g. older duplicates), the last one wins.
 */
export function computePersonalTotals(
  options: readonly ScoredOption[],
  criteria: readonly WeightedCriterion[],
  cells: readonly CellValue[],
): Map<number, number> {
  const importanceById = new Map(criteria.map((criterion) => [criterion.id, criterion.importance]));
  const cellValue = new Map<string, number>();
  for (const cell of cells) {
    if (importanceById.has(cell.criterion_id))
      cellValue.set(`${cell.option_id}:${cell.criterion_id}`, cell.value);
  }
  const importanceSum = criteria.reduce((sum, criterion) => sum + criterion.importance, 0);
  const totals = new Map<number, number>();
  for (const option of options) {
    let weighted = 0;
    for (const criterion of criteria) {
      weighted += (cellValue.get(`${option.id}:${criterion.id}`) ?? 0) * criterion.importance;
    }
    totals.set(option.id, importanceSum > 0 ? weighted / importanceSum : 0);
  }
  return totals;
}

/**
 * Ranks options by total, highest first (ties keep input order); every option sharing the maximum is
 * a top option. Options knocked out by a must-have follow every option that passes, ranked among
 * themselves, never top. Options without a total (null) come last, unranked and never top.
 */
export function rankOptions(
  totals: ReadonlyMap<number, number | null>,
  decimals = 2,
  knockedOut: ReadonlySet<number> = new Set(),
): RankedOption[] {
  const rounded = [...totals].map(([option_id, total]) => ({
    option_id,
    total: total === null ? null : roundTo(total, decimals),
  }));
  const scored = rounded.filter(
    (entry): entry is { option_id: number; total: number } => entry.total !== null,
  );
  const rankGroup = (group: typeof scored, placesBefore: number, isEligible: boolean) => {
    const sorted = [...group].sort((a, b) => b.total - a.total);
    const top = sorted[0]?.total;
    return sorted.map((entry) => ({
      ...entry,
      rank: placesBefore + sorted.findIndex((other) => other.total === entry.total) + 1,
      is_top: isEligible && entry.total === top,
      knocked_out: !isEligible,
    }));
  };
  const passing = scored.filter((entry) => !knockedOut.has(entry.option_id));
  const knocked = scored.filter((entry) => knockedOut.has(entry.option_id));
  return [
    ...rankGroup(passing, 0, true),
    ...rankGroup(knocked, passing.length, false),
    ...rounded
      .filter((entry) => entry.total === null)
      .map((entry) => ({
        ...entry,
        total: null,
        rank: null,
        is_top: false,
        knocked_out: knockedOut.has(entry.option_id),
      })),
  ];
}

/** The decision's headline score: the top total, or null without a top option (none scored or all knocked out). */
export function topScore(ranking: readonly RankedOption[]): number | null {
  return ranking.find((entry) => entry.is_top)?.total ?? null;
}
