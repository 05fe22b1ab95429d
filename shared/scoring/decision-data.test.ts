import { describe, expect, it } from 'vitest';
import { computeResult, type DecisionShape } from './decision-data.ts';
import type { MemberWeight, TeamCell } from './team.ts';

const OWNER = 1;
const ALICE = 2;
const BOB = 3;
const personal: DecisionShape = { type: 'private', mode: 'manual', user_id: OWNER };
const team: DecisionShape = { type: 'team', mode: 'manual', user_id: OWNER };
const options = [{ id: 1 }, { id: 2 }, { id: 3 }];
const criteria = [
  { id: 10, importance: 50 },
  { id: 11, importance: 30 },
  { id: 12, importance: 20 },
];
const cell = (userId: number | null, optionId: number, criterionId: number, value: number): TeamCell => ({
  user_id: userId,
  option_id: optionId,
  criterion_id: criterionId,
  value,
  generated_by: userId === null ? 'ai' : 'user',
});
const weight = (userId: number, criterionId: number, value: number): MemberWeight => ({
  user_id: userId,
  criterion_id: criterionId,
  weight: value,
});
/** Every cell of the 3 × 3 matrix by one person, `valueOf` per option. */
const fullVote = (userId: number | null, valueOf: (optionId: number) => number) =>
  options.flatMap((option) =>
    criteria.map((criterion) => cell(userId, option.id, criterion.id, valueOf(option.id))),
  );

describe('computeResult: a personal decision', () => {
  it('names no leader while a cell is empty: provisional totals, missing cells counted', () => {
    const cells = fullVote(OWNER, (id) => id * 2).filter(
      (c) => !(c.option_id === 3 && c.criterion_id !== 10),
    );
    const result = computeResult(personal, options, criteria, cells, []);
    expect(result).toMatchObject({ complete: false, missing_cells: 2, no_result_reason: 'missing_cells' });
    expect(result.ranking.some((entry) => entry.is_top)).toBe(false);
    // The totals are still there, ranked, for a provisional view: option 2 (4.0), option 3 (6 × 0.5 = 3.0), option 1.
    expect(result.ranking.map((entry) => [entry.option_id, entry.total, entry.rank])).toEqual([
      [2, 4, 1],
      [3, 3, 2],
      [1, 2, 3],
    ]);
  });

  it('names the leader once every cell has a value', () => {
    const result = computeResult(
      personal,
      options,
      criteria,
      fullVote(OWNER, (id) => id * 2),
      [],
    );
    expect(result).toMatchObject({ complete: true, missing_cells: 0, no_result_reason: null });
    expect(result.ranking.filter((entry) => entry.is_top).map((entry) => entry.option_id)).toEqual([3]);
  });

  it('does not wait for the empty cells of an option a must-have knocked out', () => {
    const withMinimum = [{ ...criteria[0]!, minimum: 5 }, criteria[1]!, criteria[2]!];
    // Option 1 has 2 in the must-have criterion and nothing else: knocked out, its empty cells do not count.
    const cells = [
      cell(OWNER, 1, 10, 2),
      ...fullVote(OWNER, (id) => id * 3).filter((c) => c.option_id !== 1),
    ];
    const result = computeResult(personal, options, withMinimum, cells, []);
    expect(result).toMatchObject({ complete: true, missing_cells: 0, no_result_reason: null });
    expect(result.ranking.find((entry) => entry.is_top)?.option_id).toBe(3);
  });

  it('shows no total at all when every importance is 0', () => {
    const zero = criteria.map((criterion) => ({ ...criterion, importance: 0 }));
    const result = computeResult(
      personal,
      options,
      zero,
      fullVote(OWNER, () => 7),
      [],
    );
    expect(result).toMatchObject({ complete: true, no_result_reason: 'no_weights' });
    expect(result.ranking.every((entry) => entry.total === null && !entry.is_top)).toBe(true);
  });

  it('says when every option misses a must-have', () => {
    const withMinimum = [{ ...criteria[0]!, minimum: 9 }, criteria[1]!, criteria[2]!];
    const result = computeResult(
      personal,
      options,
      withMinimum,
      fullVote(OWNER, () => 5),
      [],
    );
    expect(result).toMatchObject({ complete: true, no_result_reason: 'all_knocked_out' });
  });

  it('has nothing to rank without options or criteria', () => {
    expect(computeResult(personal, options, [], [], []).no_result_reason).toBe('no_matrix');
    expect(computeResult(personal, [], criteria, [], []).no_result_reason).toBe('no_matrix');
  });
});

describe('computeResult: a team decision', () => {
  it('names no leader before a voter is complete, whatever the partial votes add up to', () => {
    // Alice scored everything but one cell; Bob scored one cell.
    const cells = [...fullVote(ALICE, (id) => id).slice(1), cell(BOB, 1, 10, 9)];
    const result = computeResult(team, options, criteria, cells, []);
    expect(result).toMatchObject({
      complete: false,
      missing_cells: 0,
      no_result_reason: 'no_complete_voter',
    });
    expect(result.ranking.some((entry) => entry.is_top)).toBe(false);
    expect(result.ranking.every((entry) => entry.total !== null)).toBe(true);
  });

  it('names the leader once one voter is complete', () => {
    const cells = [...fullVote(ALICE, (id) => id), cell(BOB, 1, 10, 2)];
    const result = computeResult(team, options, criteria, cells, []);
    expect(result).toMatchObject({ complete: true, no_result_reason: null });
    expect(result.ranking.find((entry) => entry.is_top)?.option_id).toBe(3);
  });

  it('never shows totals of 0 when the criteria have no importance and nobody gave a weight', () => {
    const unweighted = criteria.map((criterion) => ({ ...criterion, importance: 0 }));
    const result = computeResult(
      team,
      options,
      unweighted,
      fullVote(ALICE, (id) => id),
      [],
    );
    expect(result).toMatchObject({ complete: false, no_result_reason: 'no_weights' });
    expect(result.ranking.every((entry) => entry.total === null && !entry.is_top)).toBe(true);
  });

  it('counts cells nobody voted on as missing', () => {
    const cells = fullVote(ALICE, (id) => id).filter((c) => c.option_id !== 2);
    // Alice is not complete (option 2 is empty), and nobody scored option 2: it has no total.
    const result = computeResult(team, options, criteria, cells, [weight(ALICE, 10, 80)]);
    expect(result).toMatchObject({
      complete: false,
      missing_cells: 3,
      no_result_reason: 'no_complete_voter',
    });
    expect(result.ranking.find((entry) => entry.option_id === 2)?.total).toBeNull();
  });

  it('in AI mode the AI’s scores complete the matrix: the importances weigh while nobody weighted', () => {
    const aiTeam: DecisionShape = { ...team, mode: 'ai' };
    const result = computeResult(
      aiTeam,
      options,
      criteria,
      fullVote(null, (id) => 4 - id),
      [],
    );
    expect(result).toMatchObject({ complete: true, no_result_reason: null });
    expect(result.ranking.find((entry) => entry.is_top)?.option_id).toBe(1);
    // Before the AI ran there is nothing to name.
    expect(computeResult(aiTeam, options, criteria, [], [weight(ALICE, 10, 50)]).no_result_reason).toBe(
      'no_complete_voter',
    );
  });
});
