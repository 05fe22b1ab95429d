import { isMeasured } from './measure.ts';
import type { ScoredOption, WeightedCriterion } from './personal.ts';
import { roundTo } from './rounding.ts';
import { cellKey, type CellVotes, type TeamVotes } from './team.ts';

/**
 * Where a team agrees and where it does not (issue 16): one implementation for the server's details,
 * the screens and the exports.
 *
 * agreement = 100 × (1 − σ / σmax), σ the population standard deviation of the values, σmax half the
 * scale's range: the largest σ values on that scale can have (half at each end). 100 % means everyone
 * gave the same value, 0 % that the team is split between the two ends. Below two values: null.
 */

/** σmax of weights: half of the 0–100 weight range. */
export const WEIGHT_SIGMA_MAX = 50;

/** σmax of cell values on a scale: half its range (team 0–10 → 5). */
export function sigmaMaxOf(scale: { min: number; max: number }): number {
  return (scale.max - scale.min) / 2;
}

/** Population standard deviation (divides by n, not n − 1: the members are everyone, not a sample). */
export function populationStandardDeviation(values: readonly number[]): number {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
  return Math.sqrt(variance);
}

/** Agreement in percent, clamped to [0, 100], unrounded; null below two values. */
export function agreementOf(values: readonly number[], sigmaMax: number): number | null {
  if (values.length < 2 || sigmaMax <= 0) return null;
  const agreement = 100 * (1 - populationStandardDeviation(values) / sigmaMax);
  return Math.min(100, Math.max(0, agreement));
}

/**
 * Agreement of a cell from its tally (issue 27): σ² = (n·Σv² − (Σv)²) / n², exact for the integer
 * votes of a cell, so the tally gives the same figure as the values themselves.
 */
export function agreementOfTally(tally: CellVotes | undefined, sigmaMax: number): number | null {
  if (!tally || tally.count < 2 || sigmaMax <= 0) return null;
  const spreadSquared = Math.max(0, tally.count * tally.sumOfSquares - tally.sum * tally.sum);
  const sigma = Math.sqrt(spreadSquared) / tally.count;
  return Math.min(100, Math.max(0, 100 * (1 - sigma / sigmaMax)));
}

/**
 * How far apart the values are, as people read it (issue 25): the lowest and the highest value ("from
 * 3 to 7") and a plain label by the spread's part of the scale's range: `close` up to 20 %, `mixed` up
 * to 50 %, `split` beyond (on 0–10: spreads 0–2, 3–5, 6–10); null below two values ("not enough votes
 * yet"), never "full agreement".
 */
export type SpreadLabel = 'close' | 'mixed' | 'split';

export const SPREAD_LIMITS = { close: 0.2, mixed: 0.5 } as const;

export interface Spread {
  /** The lowest and highest value; null without any. */
  min: number | null;
  max: number | null;
  spread: SpreadLabel | null;
}

export function spreadOf(values: readonly number[], scale: { min: number; max: number }): Spread {
  if (!values.length) return { min: null, max: null, spread: null };
  const min = Math.min(...values);
  const max = Math.max(...values);
  const range = scale.max - scale.min;
  if (values.length < 2 || range <= 0) return { min, max, spread: null };
  const part = (max - min) / range;
  const spread: SpreadLabel =
    part <= SPREAD_LIMITS.close + 1e-9 ? 'close' : part <= SPREAD_LIMITS.mixed + 1e-9 ? 'mixed' : 'split';
  return { min, max, spread };
}

/** `spreadOf` from a cell's tally: its lowest and highest vote. */
export function spreadOfTally(tally: CellVotes | undefined, scale: { min: number; max: number }): Spread {
  if (!tally || tally.count === 0) return { min: null, max: null, spread: null };
  return spreadOf(tally.count === 1 ? [tally.min] : [tally.min, tally.max], scale);
}

/** The range of weights. */
export const WEIGHT_SCALE = { min: 0, max: 100 } as const;

export interface CellAgreement extends Spread {
  option_id: number;
  criterion_id: number;
  /** Percent, 1 decimal; null below two votes. */
  agreement: number | null;
  votes: number;
}

export interface CriterionAgreement extends Spread {
  criterion_id: number;
  /** Percent over the members' submitted weights, 1 decimal; null below two weights. */
  agreement: number | null;
  /** How many members submitted a weight for it. */
  votes: number;
}

export interface Consensus {
  /** Mean of the cells' agreements (1 decimal); null while no cell has one. */
  overall: number | null;
  /** Every cell of the matrix but measured criteria's, options × criteria in list order. */
  cells: CellAgreement[];
  criteria: CriterionAgreement[];
}

const round = (value: number | null) => (value === null ? null : roundTo(value, 1));

/**
 * The team's agreement per cell (the members' votes; in AI mode the AI's single value, so null), per
 * criterion (the members' weights) and overall. Only aggregates: no member's own value is in it.
 */
export function computeConsensus(input: {
  mode: 'manual' | 'ai';
  scale: { min: number; max: number };
  options: readonly ScoredOption[];
  criteria: readonly WeightedCriterion[];
  votes: TeamVotes;
}): Consensus {
  const tallyOf = (key: string): CellVotes | undefined => {
    if (input.mode === 'manual') return input.votes.cells.get(key);
    const value = input.votes.aiCells.get(key);
    return value === undefined
      ? undefined
      : { count: 1, sum: value, sumOfSquares: value * value, min: value, max: value };
  };
  const weightsByCriterion = new Map<number, number[]>();
  for (const { criterion_id, weight } of input.votes.weights) {
    const weights = weightsByCriterion.get(criterion_id);
    if (weights) weights.push(weight);
    else weightsByCriterion.set(criterion_id, [weight]);
  }

  const sigmaMax = sigmaMaxOf(input.scale);
  const cellAgreements: number[] = [];
  // A measured criterion's cells are facts, not votes (issue 31): agreement leaves them out.
  const scoreCriteria = input.criteria.filter((criterion) => !isMeasured(criterion));
  const cells = input.options.flatMap((option) =>
    scoreCriteria.map((criterion) => {
      const tally = tallyOf(cellKey(option.id, criterion.id));
      const agreement = agreementOfTally(tally, sigmaMax);
      if (agreement !== null) cellAgreements.push(agreement);
      return {
        option_id: option.id,
        criterion_id: criterion.id,
        agreement: round(agreement),
        votes: tally?.count ?? 0,
        ...spreadOfTally(tally, input.scale),
      };
    }),
  );
  const overall = cellAgreements.length
    ? cellAgreements.reduce((sum, agreement) => sum + agreement, 0) / cellAgreements.length
    : null;
  return {
    overall: round(overall),
    cells,
    criteria: input.criteria.map((criterion) => {
      const weights = weightsByCriterion.get(criterion.id) ?? [];
      return {
        criterion_id: criterion.id,
        agreement: round(agreementOf(weights, WEIGHT_SIGMA_MAX)),
        votes: weights.length,
        ...spreadOf(weights, WEIGHT_SCALE),
      };
    }),
  };
}

/** The bands the screens name and colour: high ≥ 80 %, medium ≥ 50 %, low below. */
export type AgreementLevel = 'high' | 'medium' | 'low';

export function agreementLevelOf(agreement: number): AgreementLevel {
  if (agreement >= 80) return 'high';
  return agreement >= 50 ? 'medium' : 'low';
}
