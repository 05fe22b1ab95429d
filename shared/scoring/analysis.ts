import type { MeasureDirection } from './measure.ts';
import { meetsMeasuredMinimum } from './measure.ts';
import { roundTo } from './rounding.ts';
import { roundedSharesOf } from './shares.ts';
import { cellKey } from './team.ts';

/**
 * How solid is the answer (issue 17): criterion shares, flip points, robustness, win probability and
 * must-haves. One implementation for the server's `/analysis`, the screens' what-if sliders and the
 * exports, so a figure never differs between them.
 *
 * Totals here are Σ value × weight / Σ weight, as everywhere. A criterion's share is 100 × its weight
 * / Σ weights; moving criterion k to share s scales the others so they keep their proportions to each
 * other and all shares still add up to 100. Every option's total is then a straight line in s:
 * T(s) = R + (v_k − R) × s / 100, R being the option's weighted mean over the other criteria. So a
 * flip point is where two lines cross, and a sweep chart needs only each line's two ends.
 */

export interface AnalysisCriterion {
  id: number;
  /** Importance (personal) or team weight; only proportions matter. */
  weight: number;
  /** Must-have: an option with a lower value, or none, is knocked out. */
  minimum?: number | null;
  /**
   * Issue 31: set for a measured criterion, whose minimum is in its unit and compared with the raw
   * value by direction (at most when lower is better).
   */
  direction?: MeasureDirection | null;
}

export interface AnalysisInput {
  /** In the decision's order (ties and the "first" leader follow it). */
  options: readonly { id: number }[];
  criteria: readonly AnalysisCriterion[];
  /** `cellKey(option, criterion)` → value; a missing cell counts 0 and fails any minimum. */
  values: ReadonlyMap<string, number>;
  /** The raw values of measured criteria (issue 31), which their must-haves compare with. */
  measures?: ReadonlyMap<string, number>;
  /** Options without any total (a team option nobody voted on) take no part; default: none. */
  unscored?: ReadonlySet<number>;
  /** Seeds the variations: the decision's revision, so the same state always gives the same figures. */
  seed: number;
  samples?: number;
}

export interface FlipPoint {
  at_share: number;
  option_id: number;
}

export interface CriterionSensitivity {
  criterion_id: number;
  share: number;
  up: FlipPoint | null;
  down: FlipPoint | null;
}

export type RobustnessLabel = 'fragile' | 'sensitive' | 'robust';

export interface Robustness {
  label: RobustnessLabel;
  nearest: { criterion_id: number; share: number; at_share: number; option_id: number } | null;
}

export interface Stability {
  samples: number;
  options: { option_id: number; win_share: number; mean_rank: number }[];
}

export interface KnockedOut {
  option_id: number;
  criterion_id: number;
  /** The value that fell short (a measured criterion's raw value, in its unit); null when the cell has none. */
  value: number | null;
  /** In the criterion's unit for a measured criterion. */
  minimum: number;
}

export interface Analysis {
  leaders: number[];
  sensitivity: CriterionSensitivity[];
  robustness: Robustness;
  stability: Stability;
  knocked_out: KnockedOut[];
}

/** At least 2,000 variations (issue 17); each multiplies every weight by U(0.5, 1.5). */
export const WIN_PROBABILITY_SAMPLES = 2000;
export const WEIGHT_VARIATION = { min: 0.5, max: 1.5 } as const;
/** Robustness labels: the nearest flip closer than this many percentage points. */
export const ROBUSTNESS_THRESHOLDS = { fragile: 5, sensitive: 15 } as const;

/** Totals closer than this are a tie (values are on a 0–10 scale). */
const TIE_EPSILON = 1e-9;

/** The values of an analysis from cells (the last one wins when a cell repeats, as in the totals). */
export function valuesOfCells(
  cells: readonly { option_id: number; criterion_id: number; value: number }[],
): Map<string, number> {
  return new Map(cells.map((cell) => [cellKey(cell.option_id, cell.criterion_id), cell.value]));
}

/** Every (option, criterion) that fails its criterion's minimum, in option then criterion order. */
export function knockoutsOf(
  options: readonly { id: number }[],
  criteria: readonly AnalysisCriterion[],
  values: ReadonlyMap<string, number>,
  measures: ReadonlyMap<string, number> = new Map(),
): KnockedOut[] {
  const knocked: KnockedOut[] = [];
  for (const option of options) {
    for (const criterion of criteria) {
      if (criterion.minimum === null || criterion.minimum === undefined) continue;
      if (criterion.direction) {
        const measure = measures.get(cellKey(option.id, criterion.id));
        if (measure === undefined || !meetsMeasuredMinimum(measure, criterion.minimum, criterion.direction)) {
          knocked.push({
            option_id: option.id,
            criterion_id: criterion.id,
            value: measure ?? null,
            minimum: criterion.minimum,
          });
        }
        continue;
      }
      const value = values.get(cellKey(option.id, criterion.id));
      if (value === undefined || value < criterion.minimum) {
        knocked.push({
          option_id: option.id,
          criterion_id: criterion.id,
          value: value === undefined ? null : roundTo(value, 2),
          minimum: criterion.minimum,
        });
      }
    }
  }
  return knocked;
}

/** Each option's total as one criterion's share moves: the line from share 0 to share 100. */
export interface SweepLine {
  option_id: number;
  /** Total when the criterion counts 0 % (the others keep their proportions). */
  atZero: number;
  /** Total when the criterion counts 100 %: the option's value in it. */
  atHundred: number;
}

export function totalOnLine(line: SweepLine, share: number): number {
  return line.atZero + ((line.atHundred - line.atZero) * share) / 100;
}

/**
 * The lines of every option for one criterion. When the other criteria weigh nothing at all, their
 * proportions are undefined; they then share equally (the only neutral choice).
 */
export function sweepLinesOf(
  options: readonly { id: number }[],
  criteria: readonly AnalysisCriterion[],
  values: ReadonlyMap<string, number>,
  criterionId: number,
): SweepLine[] {
  const others = criteria.filter((criterion) => criterion.id !== criterionId);
  const otherWeightSum = others.reduce((sum, criterion) => sum + criterion.weight, 0);
  const otherWeight = (weight: number) => (otherWeightSum > 0 ? weight : 1);
  const otherDivisor = otherWeightSum > 0 ? otherWeightSum : others.length;
  return options.map((option) => {
    const valueOf = (id: number) => values.get(cellKey(option.id, id)) ?? 0;
    const atHundred = valueOf(criterionId);
    const atZero =
      others.length === 0
        ? atHundred
        : others.reduce((sum, criterion) => sum + valueOf(criterion.id) * otherWeight(criterion.weight), 0) /
          otherDivisor;
    return { option_id: option.id, atZero, atHundred };
  });
}

/** Σ value × weight / Σ weight per option (0 for all when the weights sum to 0). */
function totalsWith(
  options: readonly { id: number }[],
  criteria: readonly AnalysisCriterion[],
  values: ReadonlyMap<string, number>,
  weights: readonly number[],
): number[] {
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  return options.map((option) => {
    if (weightSum <= 0) return 0;
    let weighted = 0;
    criteria.forEach((criterion, index) => {
      weighted += (values.get(cellKey(option.id, criterion.id)) ?? 0) * weights[index]!;
    });
    return weighted / weightSum;
  });
}

/** Each option's Σ value × weight / Σ weight under the criteria's own weights (0 without any weight). */
export function weightedTotalsOf(
  options: readonly { id: number }[],
  criteria: readonly AnalysisCriterion[],
  values: ReadonlyMap<string, number>,
): number[] {
  return totalsWith(
    options,
    criteria,
    values,
    criteria.map((criterion) => criterion.weight),
  );
}

/** Positions of the highest totals (ties within TIE_EPSILON). */
function leadingPositions(totals: readonly number[]): number[] {
  const best = Math.max(...totals);
  return totals.flatMap((total, index) => (best - total <= TIE_EPSILON ? [index] : []));
}

/**
 * The flip points of one criterion (unrounded shares): `up` the smallest share above the current one,
 * `down` the largest below it, at which another option's total reaches the leader's. With several
 * leaders, each direction names the one that leads alone just past the current share (at that share).
 */
export function flipPointsOf(
  lines: readonly SweepLine[],
  share: number,
): { up: FlipPoint | null; down: FlipPoint | null } {
  if (lines.length < 2) return { up: null, down: null };
  return { up: flipInDirection(lines, share, 1), down: flipInDirection(lines, share, -1) };
}

function flipInDirection(lines: readonly SweepLine[], share: number, direction: 1 | -1): FlipPoint | null {
  // Slope per percentage point in the direction of travel.
  const slopeOf = (line: SweepLine) => (direction * (line.atHundred - line.atZero)) / 100;
  const totals = lines.map((line) => totalOnLine(line, share));
  const leaders = leadingPositions(totals).map((index) => lines[index]!);
  const steepestSlope = Math.max(...leaders.map(slopeOf));
  const aheadNext = leaders.filter((line) => steepestSlope - slopeOf(line) <= TIE_EPSILON);
  // A tie that breaks at once: the steepest of the leaders leads alone just past the current share.
  if (aheadNext.length === 1 && leaders.length > 1) {
    return { at_share: share, option_id: aheadNext[0]!.option_id };
  }
  // Otherwise the leader (or leaders moving together) holds until another line catches up.
  const leader = aheadNext[0]!;
  const leaderIds = new Set(aheadNext.map((line) => line.option_id));
  const limit = direction === 1 ? 100 - share : share;
  let best: { distance: number; slope: number; option_id: number } | null = null;
  lines.forEach((line, index) => {
    if (leaderIds.has(line.option_id)) return;
    const gain = slopeOf(line) - slopeOf(leader);
    if (gain <= TIE_EPSILON) return;
    const gap = totals[lines.indexOf(leader)]! - totals[index]!;
    const distance = Math.max(0, gap) / gain;
    if (distance > limit + TIE_EPSILON) return;
    // Two lines catching up at the same share: the steeper one leads just past it.
    const isCloser =
      best === null ||
      distance < best.distance - TIE_EPSILON ||
      (Math.abs(distance - best.distance) <= TIE_EPSILON && slopeOf(line) > best.slope);
    if (isCloser) best = { distance, slope: slopeOf(line), option_id: line.option_id };
  });
  if (best === null) return null;
  const { distance, option_id } = best;
  return { at_share: Math.min(100, Math.max(0, share + direction * distance)), option_id };
}

/** The flip nearest to its criterion's current share labels the result. */
export function robustnessOf(sensitivity: readonly CriterionSensitivity[]): Robustness {
  let nearest: Robustness['nearest'] = null;
  let nearestDistance = Infinity;
  for (const entry of sensitivity) {
    for (const flip of [entry.up, entry.down]) {
      if (!flip) continue;
      const distance = Math.abs(flip.at_share - entry.share);
      if (distance < nearestDistance) {
        nearestDistance = distance;
        nearest = {
          criterion_id: entry.criterion_id,
          share: entry.share,
          at_share: flip.at_share,
          option_id: flip.option_id,
        };
      }
    }
  }
  const label: RobustnessLabel =
    nearestDistance < ROBUSTNESS_THRESHOLDS.fragile
      ? 'fragile'
      : nearestDistance < ROBUSTNESS_THRESHOLDS.sensitive
        ? 'sensitive'
        : 'robust';
  return { label, nearest };
}

/** mulberry32: a small, fast, seedable generator; the same seed gives the same variations everywhere. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Win probability: per variation every weight × an independent U(0.5, 1.5); per option the share of
 * variations it leads (a tie splits the variation) and its mean rank (tied options share the mean of
 * their places, so the ranks of a variation always add up to the same sum).
 */
export function winProbabilityOf(
  options: readonly { id: number }[],
  criteria: readonly AnalysisCriterion[],
  values: ReadonlyMap<string, number>,
  seed: number,
  samples = WIN_PROBABILITY_SAMPLES,
): Stability {
  if (options.length === 0) return { samples, options: [] };
  const random = seededRandom(seed);
  // The options × criteria values once as a flat array: the inner loop runs samples × cells times.
  const flatValues = options.flatMap((option) =>
    criteria.map((criterion) => values.get(cellKey(option.id, criterion.id)) ?? 0),
  );
  const wins = new Array<number>(options.length).fill(0);
  const rankSums = new Array<number>(options.length).fill(0);
  const weights = new Array<number>(criteria.length);
  const totals = new Array<number>(options.length);
  const order = options.map((_, index) => index);
  for (let sample = 0; sample < samples; sample += 1) {
    let weightSum = 0;
    for (let c = 0; c < criteria.length; c += 1) {
      const factor = WEIGHT_VARIATION.min + random() * (WEIGHT_VARIATION.max - WEIGHT_VARIATION.min);
      weights[c] = criteria[c]!.weight * factor;
      weightSum += weights[c]!;
    }
    for (let o = 0; o < options.length; o += 1) {
      let weighted = 0;
      for (let c = 0; c < criteria.length; c += 1)
        weighted += flatValues[o * criteria.length + c]! * weights[c]!;
      totals[o] = weightSum > 0 ? weighted / weightSum : 0;
    }
    order.sort((a, b) => totals[b]! - totals[a]!);
    // Walk groups of tied totals: each shares the mean of its places, the first group the win.
    for (let start = 0; start < order.length;) {
      let end = start + 1;
      while (end < order.length && totals[order[start]!]! - totals[order[end]!]! <= TIE_EPSILON) end += 1;
      const meanPlace = (start + 1 + end) / 2;
      for (let i = start; i < end; i += 1) {
        rankSums[order[i]!]! += meanPlace;
        if (start === 0) wins[order[i]!]! += 1 / end;
      }
      start = end;
    }
  }
  // Win shares to 0.1 %, by the largest remainder, so the percentages shown add up to exactly 100;
  // equal remainders go by option id, so the figures do not depend on the options' order.
  const byId = options.map((option, index) => ({ id: option.id, index })).sort((a, b) => a.id - b.id);
  const winShares = roundedSharesOf(new Map(byId.map(({ index }) => [index, wins[index]!])), 1);
  const result = options.map((option, index) => ({
    option_id: option.id,
    win_share: roundTo((winShares.get(index) ?? 0) / 100, 3),
    mean_rank: roundTo(rankSums[index]! / samples, 2),
  }));
  return {
    samples,
    options: result
      .map((entry, index) => ({ entry, index }))
      .sort(
        (a, b) =>
          b.entry.win_share - a.entry.win_share || a.entry.mean_rank - b.entry.mean_rank || a.index - b.index,
      )
      .map(({ entry }) => entry),
  };
}

/**
 * The whole analysis of one decision state. Knocked-out and unscored options take no part in the
 * leaders, flips and win probability; knocked-out ones are listed with the minimum they miss.
 */
export function analyseDecision(input: AnalysisInput): Analysis {
  const { criteria, values } = input;
  const knocked_out = knockoutsOf(
    input.options.filter((option) => !input.unscored?.has(option.id)),
    criteria,
    values,
    input.measures,
  );
  const knockedIds = new Set(knocked_out.map((entry) => entry.option_id));
  const candidates = input.options.filter(
    (option) => !knockedIds.has(option.id) && !input.unscored?.has(option.id),
  );
  const weights = criteria.map((criterion) => criterion.weight);
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  const totals = totalsWith(candidates, criteria, values, weights);
  const leaders = candidates.length ? leadingPositions(totals).map((index) => candidates[index]!.id) : [];
  const sensitivity = criteria.map((criterion) => {
    const share = weightSum > 0 ? (100 * criterion.weight) / weightSum : 0;
    // Without any weight every total is 0: there is no leader whose lead could flip.
    const flips =
      weightSum > 0
        ? flipPointsOf(sweepLinesOf(candidates, criteria, values, criterion.id), share)
        : { up: null, down: null };
    return { criterion_id: criterion.id, share, up: flips.up, down: flips.down };
  });
  // Labelled on exact shares, reported to 1 decimal by the largest remainder (they add up to 100).
  const robustness = robustnessOf(sensitivity);
  const shownShares = roundedSharesOf(
    new Map(criteria.map((criterion, index) => [index, criterion.weight])),
    1,
  );
  const roundFlip = (flip: FlipPoint | null) => flip && { ...flip, at_share: roundTo(flip.at_share, 1) };
  return {
    leaders,
    sensitivity: sensitivity.map((entry, index) => ({
      criterion_id: entry.criterion_id,
      share: shownShares.get(index) ?? 0,
      up: roundFlip(entry.up),
      down: roundFlip(entry.down),
    })),
    robustness: {
      label: robustness.label,
      nearest: robustness.nearest && {
        ...robustness.nearest,
        share:
          shownShares.get(
            criteria.findIndex((criterion) => criterion.id === robustness.nearest!.criterion_id),
          ) ?? 0,
        at_share: roundTo(robustness.nearest.at_share, 1),
      },
    },
    stability: winProbabilityOf(candidates, criteria, values, input.seed, input.samples),
    knocked_out,
  };
}
