import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankOptions, topScore, type ScoredOption, type WeightedCriterion } from './personal.ts';
import {
  cellKey,
  completeVotersOf as completeVotersOfTally,
  computeTeamCells as computeTeamCellsOfTally,
  computeTeamTotals as computeTeamTotalsOfTally,
  computeTeamWeights,
  hasMemberVoted as hasMemberVotedOfTally,
  participantsOf as participantsOfTally,
  teamVotesOf,
  votersOf as votersOfTally,
  type MemberWeight,
  type TeamCell,
} from './team.ts';

// Today's figures stated on raw votes; `teamVotesOf` tallies them as the database does (issue 27).
type Matrix = { options: readonly ScoredOption[]; criteria: readonly WeightedCriterion[] };
type Mode = 'manual' | 'ai';
const computeTeamTotals = (
  options: Matrix['options'],
  criteria: Matrix['criteria'],
  cells: readonly TeamCell[],
  weights: readonly MemberWeight[],
  mode: Mode,
) => computeTeamTotalsOfTally(options, criteria, teamVotesOf(cells, weights, { options, criteria }), mode);
const participantsOf = (mode: Mode, cells: readonly TeamCell[], weights: readonly MemberWeight[]) =>
  participantsOfTally(mode, teamVotesOf(cells, weights));
const votersOf = (mode: Mode, cells: readonly TeamCell[], weights: readonly MemberWeight[]) =>
  votersOfTally(mode, teamVotesOf(cells, weights));
const hasMemberVoted = (
  userId: number,
  mode: Mode,
  cells: readonly TeamCell[],
  weights: readonly MemberWeight[],
) => hasMemberVotedOfTally(userId, mode, teamVotesOf(cells, weights));
const completeVotersOf = (
  mode: Mode,
  matrix: Matrix,
  cells: readonly TeamCell[],
  weights: readonly MemberWeight[],
) => completeVotersOfTally(mode, matrix, teamVotesOf(cells, weights, matrix));
const computeTeamCells = (cells: readonly TeamCell[], mode: Mode) =>
  computeTeamCellsOfTally(teamVotesOf(cells, []), mode);

const ALICE = 1;
const BOB = 2;
const CAROL = 3;

const vote = (userId: number, optionId: number, criterionId: number, value: number): TeamCell => ({
  user_id: userId,
  option_id: optionId,
  criterion_id: criterionId,
  value,
  generated_by: 'user',
});
const aiValue = (optionId: number, criterionId: number, value: number): TeamCell => ({
  user_id: null,
  option_id: optionId,
  criterion_id: criterionId,
  value,
  generated_by: 'ai',
});
const weight = (userId: number, criterionId: number, value: number): MemberWeight => ({
  user_id: userId,
  criterion_id: criterionId,
  weight: value,
});

/** The team result as the details endpoint shows it: rounded to 2 decimals by rankOptions. */
function resultOf(totals: Map<number, number | null>): Record<number, number | null> {
  return Object.fromEntries(rankOptions(totals).map((entry) => [entry.option_id, entry.total]));
}

describe('computeTeamWeights', () => {
  const criteria = [
    { id: 10, importance: 40 },
    { id: 11, importance: 25 },
    { id: 12, importance: 70 },
  ];

  it('is the mean of everyone’s weights per criterion, an empty one counting as the importance, 1 decimal', () => {
    const weights = computeTeamWeights(criteria, [
      weight(ALICE, 10, 10),
      weight(BOB, 10, 10),
      weight(CAROL, 10, 11), // 31 / 3 = 10.333… → 10.3
      weight(ALICE, 11, 33),
      weight(BOB, 11, 34), // Carol left it empty: (33 + 34 + importance 25) / 3 = 30.666… → 30.7
      weight(ALICE, 12, 0),
      weight(BOB, 12, 1),
      weight(CAROL, 12, 1), // 2 / 3 = 0.666… → 0.7
    ]);
    expect(Object.fromEntries(weights)).toEqual({ 10: 10.3, 11: 30.7, 12: 0.7 });
  });

  it('counts a participant who weighted nothing with the importances (SPEC.md’s fallback)', () => {
    // Alice voted but left every weight empty; Bob weighted criterion 10 only.
    const weights = computeTeamWeights(criteria, [weight(BOB, 10, 100)], [ALICE, BOB]);
    expect(Object.fromEntries(weights)).toEqual({ 10: 70, 11: 25, 12: 70 });
  });

  it('leaves out whoever has not taken part', () => {
    const cells = [vote(ALICE, 1, 10, 5)];
    const weights = [weight(BOB, 10, 100)];
    expect([...participantsOf('manual', cells, weights)].sort()).toEqual([ALICE, BOB]);
    expect([...participantsOf('ai', cells, weights)]).toEqual([BOB]);
    expect(computeTeamWeights(criteria, weights, participantsOf('ai', cells, weights)).get(10)).toBe(100);
  });

  it('rounds half away from zero (x.x5 goes up)', () => {
    // (20 + 20 + 20 + 21) / 4 = 20.25 → 20.3
    const weights = computeTeamWeights(
      [{ id: 10, importance: 0 }],
      [weight(1, 10, 20), weight(2, 10, 20), weight(3, 10, 20), weight(4, 10, 21)],
    );
    expect(weights.get(10)).toBe(20.3);
  });

  it('falls back to the importance of a criterion nobody weighted', () => {
    const weights = computeTeamWeights(criteria, [weight(ALICE, 11, 80)]);
    expect(Object.fromEntries(weights)).toEqual({ 10: 40, 11: 80, 12: 70 });
  });

  it('is the importance of every criterion when there are no weights at all', () => {
    expect(Object.fromEntries(computeTeamWeights(criteria, []))).toEqual({ 10: 40, 11: 25, 12: 70 });
  });

  it('counts a submitted 0 as a weight (no fallback to the importance)', () => {
    const weights = computeTeamWeights(criteria, [weight(ALICE, 10, 0), weight(BOB, 10, 0)]);
    expect(weights.get(10)).toBe(0);
  });

  it('ignores weights of criteria that are not part of the decision', () => {
    const weights = computeTeamWeights(criteria, [weight(ALICE, 99, 100)]);
    expect([...weights.keys()].sort()).toEqual([10, 11, 12]);
  });
});

describe('computeTeamTotals', () => {
  const options = [{ id: 1 }, { id: 2 }];
  const criteria = [
    { id: 10, importance: 50 },
    { id: 11, importance: 50 },
  ];

  it('is Σ mean cell × team weight / Σ team weight on the 0–10 scale', () => {
    const totals = computeTeamTotals(
      options,
      criteria,
      [
        vote(ALICE, 1, 10, 8),
        vote(BOB, 1, 10, 5), // mean 6.5
        vote(ALICE, 1, 11, 6),
        vote(ALICE, 2, 10, 4),
        vote(BOB, 2, 11, 9),
      ],
      [weight(ALICE, 10, 60), weight(BOB, 10, 31), weight(BOB, 11, 10)],
      'manual',
    );
    // Team weights: (60 + 31) / 2 = 45.5 and (Alice's empty weight as importance 50 + 10) / 2 = 30.
    // Option 1: (6.5 × 45.5 + 6 × 30) / 75.5 = 6.3013…; option 2: (4 × 45.5 + 9 × 30) / 75.5 = 5.9867…
    expect(totals.get(1)).toBeCloseTo(475.75 / 75.5, 10);
    expect(totals.get(2)).toBeCloseTo(452 / 75.5, 10);
    // The 2-decimal rounding happens when ranking, not before.
    expect(totals.get(1)).not.toBe(6.3);
    expect(resultOf(totals)).toEqual({ 1: 6.3, 2: 5.99 });
  });

  it('uses the rounded team weight, not the exact mean', () => {
    // Criterion 10: (10 + 10 + 11) / 3 → 10.3 (not 10.333…); criterion 11: importance 50.
    const totals = computeTeamTotals(
      [{ id: 1 }],
      criteria,
      [vote(ALICE, 1, 10, 10)],
      [weight(ALICE, 10, 10), weight(BOB, 10, 10), weight(CAROL, 10, 11)],
      'manual',
    );
    expect(totals.get(1)).toBeCloseTo((10 * 10.3) / (10.3 + 50), 12);
  });

  it('counts a cell nobody scored as 0, but gives an option without any vote no result (null), not 0', () => {
    const totals = computeTeamTotals(
      [{ id: 1 }, { id: 2 }, { id: 3 }],
      criteria,
      [vote(ALICE, 1, 10, 10), vote(BOB, 2, 10, 10), vote(BOB, 2, 11, 10)],
      [],
      'manual',
    );
    expect(resultOf(totals)).toEqual({ 1: 5, 2: 10, 3: null });
    // "No votes yet" comes after every option with a result, unranked.
    expect(rankOptions(totals).map((entry) => [entry.option_id, entry.rank])).toEqual([
      [2, 1],
      [1, 2],
      [3, null],
    ]);
  });

  it('has no result at all before anyone voted: every option null, no top score', () => {
    const totals = computeTeamTotals(options, criteria, [], [weight(ALICE, 10, 70)], 'manual');
    expect([...totals.values()]).toEqual([null, null]);
    expect(topScore(rankOptions(totals))).toBeNull();
    expect(rankOptions(totals).some((entry) => entry.is_top)).toBe(false);
  });

  it('counts a vote of 0 as a vote: the option has the result 0, not "no votes yet"', () => {
    const totals = computeTeamTotals([{ id: 1 }], criteria, [vote(ALICE, 1, 10, 0)], [], 'manual');
    expect(totals.get(1)).toBe(0);
  });

  it('gives 0 for every option when all team weights are 0, never NaN', () => {
    const totals = computeTeamTotals(
      options,
      criteria,
      [vote(ALICE, 1, 10, 9), vote(ALICE, 2, 11, 7)],
      [weight(ALICE, 10, 0), weight(ALICE, 11, 0)],
      'manual',
    );
    expect([...totals.values()]).toEqual([0, 0]);
    expect(topScore(rankOptions(totals))).toBe(0);
  });

  it('gives 0 when every importance is 0 and nobody weighted, never NaN (null for the option nobody voted on)', () => {
    const totals = computeTeamTotals(
      options,
      criteria.map((criterion) => ({ ...criterion, importance: 0 })),
      [vote(ALICE, 1, 10, 9)],
      [],
      'manual',
    );
    expect([...totals.values()]).toEqual([0, null]);
  });

  it('has no result without criteria (nothing can be voted on)', () => {
    expect([...computeTeamTotals(options, [], [], [], 'manual').values()]).toEqual([null, null]);
  });

  it('ignores a criterion with team weight 0 instead of dragging the result down', () => {
    const totals = computeTeamTotals(
      [{ id: 1 }],
      criteria,
      [vote(ALICE, 1, 10, 8), vote(ALICE, 1, 11, 2)],
      [weight(ALICE, 11, 0)],
      'manual',
    );
    expect(totals.get(1)).toBe(8);
  });

  it('in manual mode uses only the members’ values and ignores AI values', () => {
    const totals = computeTeamTotals(
      options,
      criteria,
      [vote(ALICE, 1, 10, 2), aiValue(1, 10, 10), aiValue(2, 10, 10), aiValue(2, 11, 10)],
      [],
      'manual',
    );
    // Option 2 has only AI values, which manual mode ignores: no votes yet.
    expect(resultOf(totals)).toEqual({ 1: 1, 2: null });
  });

  it('in AI mode uses only the AI values and ignores the members’ votes', () => {
    const totals = computeTeamTotals(
      options,
      criteria,
      [
        vote(ALICE, 1, 10, 0),
        vote(BOB, 1, 11, 0),
        aiValue(1, 10, 8),
        aiValue(1, 11, 6),
        vote(ALICE, 2, 10, 10),
      ],
      [weight(ALICE, 10, 75), weight(BOB, 11, 25)],
      'ai',
    );
    // Weights still count in AI mode, an empty one as the importance 50: criterion 10 (75 + 50) / 2 =
    // 62.5, criterion 11 (50 + 25) / 2 = 37.5 → (8 × 62.5 + 6 × 37.5) / 100 = 7.25; option 2 has no AI values.
    expect(resultOf(totals)).toEqual({ 1: 7.25, 2: null });
  });

  it('stays within 0–10 and equals the common value when every cell has the same value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 }),
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 4 }), fc.nat(4), fc.integer({ min: 0, max: 100 }))),
        (value, importances, rawWeights) => {
          const crit = importances.map((importance, index) => ({ id: 100 + index, importance }));
          const weights = rawWeights
            .filter(([, index]) => index < crit.length)
            .map(([userId, index, w]) => weight(userId, 100 + index, w));
          // One weight per member and criterion, as the database guarantees.
          const unique = [...new Map(weights.map((w) => [`${w.user_id}:${w.criterion_id}`, w])).values()];
          const cells = crit.flatMap((criterion) => [
            vote(ALICE, 1, criterion.id, value),
            vote(BOB, 1, criterion.id, value),
          ]);
          const total = computeTeamTotals([{ id: 1 }], crit, cells, unique, 'manual').get(1);
          expect(total).not.toBeNull();
          expect(Number.isFinite(total)).toBe(true);
          const teamWeights = [
            ...computeTeamWeights(crit, unique, participantsOf('manual', cells, unique)).values(),
          ];
          const expected = teamWeights.some((w) => w > 0) ? value : 0;
          expect(total).toBeCloseTo(expected, 9);
        },
      ),
    );
  });
});

describe('hasMemberVoted', () => {
  const cells = [vote(ALICE, 1, 10, 0), aiValue(1, 11, 7)];
  const weights = [weight(BOB, 10, 50)];

  it('manual mode: voted with any own evaluation (a 0 counts), weights alone do not count', () => {
    expect(hasMemberVoted(ALICE, 'manual', cells, weights)).toBe(true);
    expect(hasMemberVoted(BOB, 'manual', cells, weights)).toBe(false);
    expect(hasMemberVoted(CAROL, 'manual', cells, weights)).toBe(false);
  });

  it('AI mode: voted once the member submitted weights, own evaluations do not count', () => {
    expect(hasMemberVoted(BOB, 'ai', cells, weights)).toBe(true);
    expect(hasMemberVoted(ALICE, 'ai', cells, weights)).toBe(false);
    expect(hasMemberVoted(CAROL, 'ai', cells, weights)).toBe(false);
  });

  it('a weight of 0 counts as submitted in AI mode', () => {
    expect(hasMemberVoted(CAROL, 'ai', [], [weight(CAROL, 10, 0)])).toBe(true);
  });

  it('AI values (no user) never make a member voted', () => {
    expect(hasMemberVoted(ALICE, 'manual', [aiValue(1, 10, 5)], [])).toBe(false);
  });
});

describe('computeTeamCells', () => {
  it('is the mean and the number of votes per cell; cells nobody scored are absent', () => {
    const cells = computeTeamCells(
      [vote(ALICE, 1, 10, 8), vote(BOB, 1, 10, 5), vote(CAROL, 1, 10, 0), vote(ALICE, 2, 11, 7)],
      'manual',
    );
    expect(Object.fromEntries(cells)).toEqual({
      [cellKey(1, 10)]: { mean: 13 / 3, votes: 3 },
      [cellKey(2, 11)]: { mean: 7, votes: 1 },
    });
    expect(cells.has(cellKey(1, 11))).toBe(false);
  });

  it('counts only the members’ votes in manual mode and only the AI values in AI mode', () => {
    const mixed = [vote(ALICE, 1, 10, 2), aiValue(1, 10, 9), aiValue(2, 10, 4)];
    expect(Object.fromEntries(computeTeamCells(mixed, 'manual'))).toEqual({
      [cellKey(1, 10)]: { mean: 2, votes: 1 },
    });
    expect(Object.fromEntries(computeTeamCells(mixed, 'ai'))).toEqual({
      [cellKey(1, 10)]: { mean: 9, votes: 1 },
      [cellKey(2, 10)]: { mean: 4, votes: 1 },
    });
  });
});

describe('votersOf', () => {
  const cells = [vote(ALICE, 1, 10, 0), vote(ALICE, 2, 10, 3), aiValue(1, 11, 7)];
  const weights = [weight(BOB, 10, 50), weight(BOB, 11, 0)];

  it('agrees with hasMemberVoted for every member in both modes', () => {
    for (const mode of ['manual', 'ai'] as const) {
      const voters = votersOf(mode, cells, weights);
      for (const userId of [ALICE, BOB, CAROL]) {
        expect(voters.has(userId)).toBe(hasMemberVoted(userId, mode, cells, weights));
      }
    }
    expect([...votersOf('manual', cells, weights)]).toEqual([ALICE]);
    expect([...votersOf('ai', cells, weights)]).toEqual([BOB]);
  });

  it('never lists the AI (no user) as a voter', () => {
    expect([...votersOf('manual', [aiValue(1, 10, 5)], [])]).toEqual([]);
  });
});

describe('completeVotersOf', () => {
  const matrix = { options: [{ id: 1 }, { id: 2 }], criteria: [{ id: 10, importance: 50 }] };

  it('manual mode: a voter is complete with an own value in every cell, not with some', () => {
    const cells = [
      vote(ALICE, 1, 10, 5),
      vote(ALICE, 2, 10, 0),
      vote(BOB, 1, 10, 7),
      // A vote on a cell that is no longer in the matrix fills nothing.
      vote(CAROL, 1, 10, 3),
      vote(CAROL, 99, 10, 3),
      aiValue(2, 10, 8),
    ];
    expect(completeVotersOf('manual', matrix, cells, [])).toEqual(new Set([ALICE]));
  });

  it('manual mode: nobody is complete on a decision without cells', () => {
    expect(
      completeVotersOf('manual', { options: [{ id: 1 }], criteria: [] }, [vote(ALICE, 1, 10, 5)], []),
    ).toEqual(new Set());
  });

  it('AI mode: whoever submitted weights is complete; votes do not count', () => {
    const cells = [vote(ALICE, 1, 10, 5), vote(ALICE, 2, 10, 5)];
    expect(completeVotersOf('ai', matrix, cells, [weight(BOB, 10, 40)])).toEqual(new Set([BOB]));
  });

  it('property: complete voters are a subset of those who voted at all', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            user: fc.integer({ min: 1, max: 4 }),
            option: fc.integer({ min: 1, max: 2 }),
            value: fc.integer({ min: 0, max: 10 }),
          }),
        ),
        (entries) => {
          const cells = entries.map((entry) => vote(entry.user, entry.option, 10, entry.value));
          const voted = votersOf('manual', cells, []);
          for (const userId of completeVotersOf('manual', matrix, cells, [])) {
            expect(voted.has(userId)).toBe(true);
          }
        },
      ),
    );
  });
});
