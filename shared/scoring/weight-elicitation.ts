/**
 * Finding weights instead of guessing percentages (issue 17): rank-order centroid weights from an
 * order, and AHP weights from pairwise judgments with Saaty's consistency ratio. Weights in percent.
 */

/**
 * Rank-order centroid: the criterion in place i of n weighs (1/n) × Σ_{k=i..n} 1/k, the centre of all
 * weightings that keep that order. 4 criteria: 52.1, 27.1, 14.6, 6.3 %.
 */
export function rankOrderCentroidWeights(count: number): number[] {
  return Array.from({ length: count }, (_, place) => {
    let sum = 0;
    for (let k = place + 1; k <= count; k += 1) sum += 1 / k;
    return (100 * sum) / count;
  });
}

/** The 1–9 scale of pairwise judgments: how much more important the first criterion is than the second. */
export const PAIRWISE_SCALE = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
/** Pairwise comparison is offered for this many criteria (more pairs than 21 tire people out). */
export const PAIRWISE_CRITERIA = { min: 3, max: 7 } as const;
/** Above this consistency ratio the judgments contradict each other too much to trust (Saaty). */
export const CONSISTENCY_RATIO_LIMIT = 0.1;

/** Saaty's random consistency index by matrix size (index = n). */
const RANDOM_INDEX = [0, 0, 0, 0.58, 0.9, 1.12, 1.24, 1.32, 1.41, 1.45, 1.49];

/** One judgment: `ratio` > 1 when criterion `first` matters more than `second`, 1/ratio when less. */
export interface PairwiseJudgment {
  first: number;
  second: number;
  ratio: number;
}

export interface AhpResult {
  /** Percent, adding up to 100, in the criteria's order. */
  weights: number[];
  lambdaMax: number;
  /** CI / RI; 0 for a perfectly consistent set (and always for 2 criteria). */
  consistencyRatio: number;
}

/** Every pair (i < j) of `count` criteria once, in reading order: what the helper asks about. */
export function pairsOf(count: number): { first: number; second: number }[] {
  const pairs: { first: number; second: number }[] = [];
  for (let first = 0; first < count; first += 1)
    for (let second = first + 1; second < count; second += 1) pairs.push({ first, second });
  return pairs;
}

/**
 * AHP weights: the principal eigenvector of the reciprocal judgment matrix (power iteration), λmax,
 * CI = (λmax − n) / (n − 1) and CR = CI / RI(n). A pair without a judgment counts as equal (1).
 */
export function ahpWeights(count: number, judgments: readonly PairwiseJudgment[]): AhpResult {
  const matrix = Array.from({ length: count }, () => new Array<number>(count).fill(1));
  for (const { first, second, ratio } of judgments) {
    if (first === second || ratio <= 0) continue;
    matrix[first]![second] = ratio;
    matrix[second]![first] = 1 / ratio;
  }
  let vector = new Array<number>(count).fill(1 / count);
  for (let iteration = 0; iteration < 200; iteration += 1) {
    const next = matrix.map((row) => row.reduce((sum, cell, j) => sum + cell * vector[j]!, 0));
    const sum = next.reduce((total, value) => total + value, 0);
    const normalised = next.map((value) => value / sum);
    const change = normalised.reduce((total, value, i) => total + Math.abs(value - vector[i]!), 0);
    vector = normalised;
    if (change < 1e-12) break;
  }
  const lambdaMax =
    count === 0
      ? 0
      : matrix.reduce(
          (sum, row, i) => sum + row.reduce((s, cell, j) => s + cell * vector[j]!, 0) / vector[i]!,
          0,
        ) / count;
  const randomIndex = RANDOM_INDEX[count] ?? RANDOM_INDEX[RANDOM_INDEX.length - 1]!;
  const consistencyIndex = count > 2 ? (lambdaMax - count) / (count - 1) : 0;
  const consistencyRatio = randomIndex > 0 ? Math.max(0, consistencyIndex / randomIndex) : 0;
  return { weights: vector.map((value) => value * 100), lambdaMax, consistencyRatio };
}
