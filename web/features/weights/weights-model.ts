import { equalPreservingPercents } from '../../../shared/scoring/shares.ts';
import {
  ahpWeights,
  CONSISTENCY_RATIO_LIMIT,
  PAIRWISE_CRITERIA,
  pairsOf,
  rankOrderCentroidWeights,
  type PairwiseJudgment,
} from '../../../shared/scoring/weight-elicitation.ts';

/**
 * The model behind "Find weights" (issue 17): an order or pairwise judgments in, whole percents out,
 * ready for an importance or weight field.
 */

/** A criterion as the weight dialogs show it: its label and its current weight (null: empty). */
export interface WeightedCriterion {
  label: string;
  weight: number | null;
}

/**
 * Weights as whole percents in the same proportions and order, adding up to 100 unless equal weights
 * could not share the last points (equal stays equal: 33, 33, 33).
 */
export function wholePercents(weights: readonly number[]): number[] {
  return equalPreservingPercents(weights);
}

/**
 * Where the rank dialog starts: the criteria by their current weight, heaviest first; criteria
 * without a weight last, ties in list order (so an untouched list keeps its order).
 */
export function orderByWeight(weights: readonly (number | null)[]): number[] {
  return weights
    .map((weight, index) => ({ weight: weight ?? -1, index }))
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.index);
}

/** The order with the entry at `from` moved to `to` (both places in the order). */
export function movedInOrder(order: readonly number[], from: number, to: number): number[] {
  if (from === to || to < 0 || to >= order.length) return [...order];
  const next = [...order];
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry!);
  return next;
}

/** The order after dragging `moving` (criterion indexes) before or after the `target` criterion. */
export function droppedInOrder(
  order: readonly number[],
  moving: readonly number[],
  target: number,
  position: 'before' | 'after' | 'on',
): number[] {
  if (moving.includes(target)) return [...order];
  const rest = order.filter((criterion) => !moving.includes(criterion));
  const at = rest.indexOf(target) + (position === 'before' ? 0 : 1);
  const movingInOrder = order.filter((criterion) => moving.includes(criterion));
  return [...rest.slice(0, at), ...movingInOrder, ...rest.slice(at)];
}

/**
 * Rank-order centroid weights for criteria in `order` (criterion indexes, most important first),
 * as whole percents per criterion index: 4 criteria get 52, 27, 15 and 6.
 */
export function rankedWeights(order: readonly number[]): number[] {
  const byPlace = wholePercents(rankOrderCentroidWeights(order.length));
  const weights = new Array<number>(order.length).fill(0);
  order.forEach((criterion, place) => {
    weights[criterion] = byPlace[place]!;
  });
  return weights;
}

/** Rank them: offered from two criteria on (one criterion always weighs 100 %). */
export function canRank(count: number): boolean {
  return count >= 2;
}

/** Compare in pairs: offered for 3–7 criteria (2 need no method, 8 would mean 28 questions). */
export function canComparePairs(count: number): boolean {
  return count >= PAIRWISE_CRITERIA.min && count <= PAIRWISE_CRITERIA.max;
}

/**
 * One answer to "Which matters more, and how much?": equal, or the favoured criterion of the pair
 * with an intensity of 2–9 on Saaty's scale. As text, so it can be a radio value.
 */
export type PairChoice = 'equal' | `${'first' | 'second'}-${2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`;

export interface PairChoiceOption {
  value: PairChoice;
  /** Which criterion of the pair it favours; null for equal. */
  favours: 'first' | 'second' | null;
  /** 1 (equal) … 9 (extremely more important). */
  intensity: number;
}

const STRONGER_INTENSITIES = [2, 3, 4, 5, 6, 7, 8, 9] as const;

/** The choices of one pair from left to right: first 9 … 2, equal, second 2 … 9. */
export const PAIR_CHOICES: readonly PairChoiceOption[] = [
  ...[...STRONGER_INTENSITIES]
    .reverse()
    .map((intensity) => ({ value: `first-${intensity}` as const, favours: 'first' as const, intensity })),
  { value: 'equal', favours: null, intensity: 1 },
  ...STRONGER_INTENSITIES.map((intensity) => ({
    value: `second-${intensity}` as const,
    favours: 'second' as const,
    intensity,
  })),
];

/** What an intensity means (Saaty): the odd steps are named, the even ones lie between two of them. */
export type IntensityMeaning =
  | 'equal'
  | 'equalToModerately'
  | 'moderately'
  | 'moderatelyToStrongly'
  | 'strongly'
  | 'stronglyToVeryStrongly'
  | 'veryStrongly'
  | 'veryStronglyToExtremely'
  | 'extremely';

const MEANINGS: readonly IntensityMeaning[] = [
  'equal',
  'equalToModerately',
  'moderately',
  'moderatelyToStrongly',
  'strongly',
  'stronglyToVeryStrongly',
  'veryStrongly',
  'veryStronglyToExtremely',
  'extremely',
];

export function meaningOfIntensity(intensity: number): IntensityMeaning {
  return MEANINGS[Math.min(9, Math.max(1, Math.round(intensity))) - 1]!;
}

/** The named steps the dialog explains: 1, 3, 5, 7, 9. */
export const NAMED_INTENSITIES = [1, 3, 5, 7, 9] as const;

/** How many times the first criterion of the pair matters as much as the second. */
export function ratioOfChoice(choice: PairChoice): number {
  if (choice === 'equal') return 1;
  const [favours, intensity] = choice.split('-') as ['first' | 'second', string];
  return favours === 'first' ? Number(intensity) : 1 / Number(intensity);
}

/** The key of a pair in the answers: "0-2" for the first and third criterion. */
export function pairKey(pair: { first: number; second: number }): string {
  return `${pair.first}-${pair.second}`;
}

export type PairAnswers = Readonly<Record<string, PairChoice>>;

/** The judgments of every pair of `count` criteria; an unanswered pair counts as equal. */
export function judgmentsOf(count: number, answers: PairAnswers): PairwiseJudgment[] {
  return pairsOf(count).map((pair) => ({ ...pair, ratio: ratioOfChoice(answers[pairKey(pair)] ?? 'equal') }));
}

export interface PairwiseOutcome {
  /** Whole percents per criterion, adding up to 100. */
  weights: number[];
  consistencyRatio: number;
  /** Above Saaty's 0.1 the judgments contradict each other too much to trust. */
  isConsistent: boolean;
  /**
   * The pairs whose answer fits the resulting weights worst (at most two), so the warning can say
   * where to look; empty while the judgments are consistent.
   */
  pairsToCheck: { first: number; second: number }[];
}

/** Deviation of an answer from what the weights imply, in log space (×3 and ÷3 are equally far off). */
function misfitOf(judgment: PairwiseJudgment, weights: readonly number[]): number {
  const implied = weights[judgment.first]! / weights[judgment.second]!;
  return Math.abs(Math.log(judgment.ratio) - Math.log(implied));
}

/** AHP weights of the answers as whole percents, the consistency ratio, and what to check. */
export function pairwiseOutcome(count: number, answers: PairAnswers): PairwiseOutcome {
  const judgments = judgmentsOf(count, answers);
  const { weights, consistencyRatio } = ahpWeights(count, judgments);
  const isConsistent = consistencyRatio <= CONSISTENCY_RATIO_LIMIT;
  const pairsToCheck = isConsistent
    ? []
    : judgments
        .map((judgment) => ({ judgment, misfit: misfitOf(judgment, weights) }))
        .sort((a, b) => b.misfit - a.misfit)
        .slice(0, 2)
        .map(({ judgment }) => ({ first: judgment.first, second: judgment.second }));
  return { weights: wholePercents(weights), consistencyRatio, isConsistent, pairsToCheck };
}
