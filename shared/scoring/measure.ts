import { roundTo } from './rounding.ts';

/** Issue 31: a criterion is scored by hand ("score") or computed from a raw number in a unit ("measure"). */
export type CriterionKind = 'score' | 'measure';
export type MeasureDirection = 'higher' | 'lower';

export interface MeasuredCriterionShape {
  id: number;
  kind: CriterionKind;
  direction: MeasureDirection | null;
  /** Set by the user, or null to default to the worst (best) raw value among the options. */
  worst: number | null;
  best: number | null;
}

export interface RawMeasure {
  option_id: number;
  criterion_id: number;
  measure: number;
}

/** The value function's one sentence, in the details' formula style. */
export const MEASURE_VALUE_FORMULA =
  'score = min + (max − min) × (measure − worst) / (best − worst), clamped to the scale, 1 decimal; worst and best default to the worst and best value among the options';

export function isMeasured(criterion: { kind?: CriterionKind | null | undefined }): boolean {
  return criterion.kind === 'measure';
}

/**
 * The worst and best raw values the value function runs between: each as set, else the worst (best)
 * raw value among the options that have one, by direction. null without any value to default from.
 */
export function measureBoundsOf(
  criterion: Pick<MeasuredCriterionShape, 'direction' | 'worst' | 'best'>,
  measures: readonly number[],
): { worst: number; best: number } | null {
  const isLowerBetter = criterion.direction === 'lower';
  const lowest = measures.length ? Math.min(...measures) : null;
  const highest = measures.length ? Math.max(...measures) : null;
  const worst = criterion.worst ?? (isLowerBetter ? highest : lowest);
  const best = criterion.best ?? (isLowerBetter ? lowest : highest);
  return worst === null || best === null ? null : { worst, best };
}

/**
 * The linear value function on the scale [min, max]: min + (max − min) × (measure − worst) / (best −
 * worst), clamped to the scale and rounded to 1 decimal (halves away from zero). Where best = worst
 * every value scores max.
 */
export function measuredScore(
  measure: number,
  bounds: { worst: number; best: number },
  scale: { min: number; max: number },
): number {
  if (bounds.best === bounds.worst) return scale.max;
  const raw = scale.min + ((scale.max - scale.min) * (measure - bounds.worst)) / (bounds.best - bounds.worst);
  return roundTo(Math.min(scale.max, Math.max(scale.min, raw)), 1);
}

/**
 * The score of every measured cell, keyed `option:criterion`: one call for the server's stored values,
 * the screens' previews and the tests. Raw values of score criteria are ignored.
 */
export function measuredScoresOf(
  criteria: readonly MeasuredCriterionShape[],
  measures: readonly RawMeasure[],
  scale: { min: number; max: number },
): Map<string, number> {
  const scores = new Map<string, number>();
  for (const criterion of criteria) {
    if (!isMeasured(criterion)) continue;
    const cells = measures.filter((cell) => cell.criterion_id === criterion.id);
    const bounds = measureBoundsOf(
      criterion,
      cells.map((cell) => cell.measure),
    );
    if (!bounds) continue;
    for (const cell of cells) {
      scores.set(`${cell.option_id}:${cell.criterion_id}`, measuredScore(cell.measure, bounds, scale));
    }
  }
  return scores;
}

/** A must-have in the unit: "at least" when higher is better, "at most" when lower is better. */
export function meetsMeasuredMinimum(measure: number, minimum: number, direction: MeasureDirection): boolean {
  return direction === 'lower' ? measure <= minimum : measure >= minimum;
}
