import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits.ts';
import {
  agreementLevelOf,
  agreementOf,
  agreementOfTally,
  computeConsensus,
  populationStandardDeviation,
  sigmaMaxOf,
  spreadOf,
  WEIGHT_SIGMA_MAX,
} from './agreement.ts';
import { teamVotesOf, type MemberWeight, type TeamCell } from './team.ts';
import type { ScoredOption, WeightedCriterion } from './personal.ts';

/** The consensus of raw votes, tallied as the database tallies them (issue 27). */
function consensusOf(input: {
  mode: 'manual' | 'ai';
  scale: { min: number; max: number };
  options: readonly ScoredOption[];
  criteria: readonly WeightedCriterion[];
  cells: readonly TeamCell[];
  weights: readonly MemberWeight[];
}) {
  const { cells, weights, ...rest } = input;
  return computeConsensus({ ...rest, votes: teamVotesOf(cells, weights, input) });
}

const TEAM_SIGMA_MAX = sigmaMaxOf(LIMITS.scales.team);

const vote = (userId: number, optionId: number, criterionId: number, value: number): TeamCell => ({
  user_id: userId,
  option_id: optionId,
  criterion_id: criterionId,
  value,
  generated_by: 'user',
});
const weight = (userId: number, criterionId: number, value: number): MemberWeight => ({
  user_id: userId,
  criterion_id: criterionId,
  weight: value,
});

describe('agreementOf', () => {
  it('σmax is half the scale: 5 on the team scale 0–10, 50 for weights', () => {
    expect(TEAM_SIGMA_MAX).toBe(5);
    expect(WEIGHT_SIGMA_MAX).toBe(50);
  });

  it('uses the population standard deviation (divides by n)', () => {
    expect(populationStandardDeviation([0, 10])).toBe(5);
    expect(populationStandardDeviation([4, 6])).toBe(1);
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, variance 32 / 8 = 4 → σ 2 (the sample σ would be 2.14).
    expect(populationStandardDeviation([2, 4, 4, 4, 5, 5, 7, 9])).toBe(2);
  });

  it.each([
    ['0 and 10: σ 5 → 0 %', [0, 10], TEAM_SIGMA_MAX, 0],
    ['4 and 6: σ 1 → 80 %', [4, 6], TEAM_SIGMA_MAX, 80],
    ['weights 20 and 80: σ 30 → 40 %', [20, 80], WEIGHT_SIGMA_MAX, 40],
    ['identical values → 100 %', [7, 7, 7], TEAM_SIGMA_MAX, 100],
    ['2, 4, 4, 4, 5, 5, 7, 9: σ 2 → 60 %', [2, 4, 4, 4, 5, 5, 7, 9], TEAM_SIGMA_MAX, 60],
  ])('%s', (_case, values, sigmaMax, expected) => {
    expect(agreementOf(values, sigmaMax)).toBeCloseTo(expected, 10);
  });

  it('is null below two values', () => {
    expect(agreementOf([], TEAM_SIGMA_MAX)).toBeNull();
    expect(agreementOf([7], TEAM_SIGMA_MAX)).toBeNull();
  });

  it('is clamped to 0 when values lie outside the scale', () => {
    expect(agreementOf([-10, 20], TEAM_SIGMA_MAX)).toBe(0);
  });

  it('property: always within [0, 100] for values on the scale', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 2, maxLength: 40 }), (values) => {
        const agreement = agreementOf(values, TEAM_SIGMA_MAX)!;
        expect(agreement).toBeGreaterThanOrEqual(0);
        expect(agreement).toBeLessThanOrEqual(100);
      }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { minLength: 2, maxLength: 40 }),
        (values) => {
          const agreement = agreementOf(values, WEIGHT_SIGMA_MAX)!;
          expect(agreement).toBeGreaterThanOrEqual(0);
          expect(agreement).toBeLessThanOrEqual(100);
        },
      ),
    );
  });

  it('property: 100 exactly when everyone gave the same value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 2, max: 30 }), (value, count) => {
        expect(agreementOf(new Array<number>(count).fill(value), TEAM_SIGMA_MAX)).toBe(100);
      }),
    );
  });
});

describe('agreementOfTally', () => {
  it('property: a cell’s tally gives the agreement its integer votes give (issue 27)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10 }), { maxLength: 300 }), (values) => {
        const cells = values.map((value, index) => vote(index + 1, 1, 10, value));
        const tally = teamVotesOf(cells, []).cells.get('1:10');
        const fromTally = agreementOfTally(tally, TEAM_SIGMA_MAX);
        const fromValues = agreementOf(values, TEAM_SIGMA_MAX);
        if (fromValues === null) expect(fromTally).toBeNull();
        else expect(fromTally).toBeCloseTo(fromValues, 9);
      }),
    );
  });
});

describe('computeConsensus', () => {
  const options = [{ id: 1 }, { id: 2 }];
  const criteria = [
    { id: 10, importance: 50 },
    { id: 11, importance: 50 },
  ];
  const scale = LIMITS.scales.team;

  it('per cell, per criterion and overall, rounded to 1 decimal', () => {
    const consensus = consensusOf({
      mode: 'manual',
      scale,
      options,
      criteria,
      cells: [
        // Cell 1×10: 4, 6 → 80 %. Cell 1×11: 0, 10 → 0 %. Cell 2×10: 3, 3, 9 → σ √8 → 43.43 %.
        vote(100, 1, 10, 4),
        vote(200, 1, 10, 6),
        vote(100, 1, 11, 0),
        vote(200, 1, 11, 10),
        vote(100, 2, 10, 3),
        vote(200, 2, 10, 3),
        vote(300, 2, 10, 9),
        // Cell 2×11: one vote, no agreement.
        vote(100, 2, 11, 5),
      ],
      // Criterion 10: 20, 80 → 40 %; criterion 11: a single weight → null.
      weights: [weight(100, 10, 20), weight(200, 10, 80), weight(100, 11, 50)],
    });
    // The spread people read: 4 to 6 is close, 0 to 10 split, 3 to 9 split; one vote has no label.
    expect(consensus.cells).toEqual([
      { option_id: 1, criterion_id: 10, agreement: 80, votes: 2, min: 4, max: 6, spread: 'close' },
      { option_id: 1, criterion_id: 11, agreement: 0, votes: 2, min: 0, max: 10, spread: 'split' },
      { option_id: 2, criterion_id: 10, agreement: 43.4, votes: 3, min: 3, max: 9, spread: 'split' },
      { option_id: 2, criterion_id: 11, agreement: null, votes: 1, min: 5, max: 5, spread: null },
    ]);
    // (80 + 0 + 43.431…) / 3 = 41.14…
    expect(consensus.overall).toBe(41.1);
    expect(consensus.criteria).toEqual([
      { criterion_id: 10, agreement: 40, votes: 2, min: 20, max: 80, spread: 'split' },
      { criterion_id: 11, agreement: null, votes: 1, min: 50, max: 50, spread: null },
    ]);
  });

  it('lists every cell, with 0 votes and no agreement where nobody voted; overall null then', () => {
    const consensus = consensusOf({ mode: 'manual', scale, options, criteria, cells: [], weights: [] });
    expect(consensus.cells).toHaveLength(4);
    expect(
      consensus.cells.every(
        (cell) => cell.votes === 0 && cell.agreement === null && cell.min === null && cell.spread === null,
      ),
    ).toBe(true);
    expect(consensus.overall).toBeNull();
  });

  it('AI mode: a cell holds the AI value only, so no cell agreement; weights still agree or not', () => {
    const consensus = consensusOf({
      mode: 'ai',
      scale,
      options: [{ id: 1 }],
      criteria: [{ id: 10, importance: 100 }],
      cells: [
        vote(100, 1, 10, 2),
        vote(200, 1, 10, 9),
        { user_id: null, option_id: 1, criterion_id: 10, value: 7, generated_by: 'ai' },
      ],
      weights: [weight(100, 10, 60), weight(200, 10, 60)],
    });
    expect(consensus.cells).toEqual([
      { option_id: 1, criterion_id: 10, agreement: null, votes: 1, min: 7, max: 7, spread: null },
    ]);
    expect(consensus.overall).toBeNull();
    expect(consensus.criteria).toEqual([
      { criterion_id: 10, agreement: 100, votes: 2, min: 60, max: 60, spread: 'close' },
    ]);
  });

  it('ignores AI values in manual mode and votes on cells no longer in the matrix', () => {
    const consensus = consensusOf({
      mode: 'manual',
      scale,
      options: [{ id: 1 }],
      criteria: [{ id: 10, importance: 100 }],
      cells: [
        vote(100, 1, 10, 5),
        vote(200, 1, 10, 5),
        { user_id: null, option_id: 1, criterion_id: 10, value: 0, generated_by: 'ai' },
        vote(100, 99, 10, 0),
      ],
      weights: [],
    });
    expect(consensus.cells).toEqual([
      { option_id: 1, criterion_id: 10, agreement: 100, votes: 2, min: 5, max: 5, spread: 'close' },
    ]);
    expect(consensus.overall).toBe(100);
  });
});

describe('spreadOf', () => {
  const scale = { min: 0, max: 10 };
  it.each([
    [[3, 7], 3, 7, 'mixed'],
    [[5, 5, 5], 5, 5, 'close'],
    [[4, 6], 4, 6, 'close'],
    [[2, 5], 2, 5, 'mixed'],
    [[0, 5], 0, 5, 'mixed'],
    [[2, 8], 2, 8, 'split'],
    [[0, 10], 0, 10, 'split'],
  ] as const)('%j on 0–10: from %s to %s, %s', (values, min, max, spread) => {
    expect(spreadOf(values, scale)).toEqual({ min, max, spread });
  });

  it('has no label below two values: one vote is not agreement', () => {
    expect(spreadOf([4], scale)).toEqual({ min: 4, max: 4, spread: null });
    expect(spreadOf([], scale)).toEqual({ min: null, max: null, spread: null });
  });

  it('reads the spread as a part of the range: 20 of 100 weight points is close', () => {
    expect(spreadOf([40, 60], { min: 0, max: 100 }).spread).toBe('close');
    expect(spreadOf([20, 80], { min: 0, max: 100 }).spread).toBe('split');
  });
});

describe('agreementLevelOf', () => {
  it.each([
    [100, 'high'],
    [80, 'high'],
    [79.9, 'medium'],
    [50, 'medium'],
    [49.9, 'low'],
    [0, 'low'],
  ] as const)('%s %% is %s', (agreement, level) => {
    expect(agreementLevelOf(agreement)).toBe(level);
  });
});
