import { describe, expect, it } from 'vitest';
import { resultsOf } from '../../test-support/details-fixtures.ts';
import { votingOutcomeOf } from './voting-outcome.ts';

const options = [
  { id: 1, decision_id: 9, name: 'Lisbon' },
  { id: 2, decision_id: 9, name: 'Prague' },
  { id: 3, decision_id: 9, name: 'Oslo' },
];
const outcome = (
  ranking: { option_id: number; total: number | null; rank: number | null; is_top: boolean }[],
) =>
  votingOutcomeOf({
    options,
    results: resultsOf(ranking.map((entry) => ({ ...entry, knocked_out: false }))),
  });

describe('votingOutcomeOf', () => {
  it('names the top option with its result', () => {
    expect(
      outcome([
        { option_id: 2, total: 8.6, rank: 1, is_top: true },
        { option_id: 1, total: 4.4, rank: 2, is_top: false },
      ]),
    ).toEqual({ kind: 'winners', names: ['Prague'], total: 8.6 });
  });

  it('names every option of a tie', () => {
    expect(
      outcome([
        { option_id: 1, total: 5, rank: 1, is_top: true },
        { option_id: 3, total: 5, rank: 1, is_top: true },
        { option_id: 2, total: 2, rank: 3, is_top: false },
      ]),
    ).toEqual({ kind: 'winners', names: ['Lisbon', 'Oslo'], total: 5 });
  });

  it('says nobody voted when no option has a total', () => {
    expect(
      outcome([
        { option_id: 1, total: null, rank: null, is_top: false },
        { option_id: 2, total: null, rank: null, is_top: false },
      ]),
    ).toEqual({ kind: 'noVotes' });
    expect(outcome([])).toEqual({ kind: 'noVotes' });
  });

  it('says nothing while the results are still hidden from the reader', () => {
    expect(
      votingOutcomeOf({
        options,
        results: { ranking: [], formula: '', complete: true, missing_cells: 0, no_result_reason: null },
        resultsHiddenUntil: 'close',
      }),
    ).toEqual({ kind: 'hidden' });
  });
});

describe('votingOutcomeOf without a result (issue 25)', () => {
  const withoutResult = (
    no_result_reason: 'no_complete_voter' | 'no_weights' | 'all_knocked_out',
    total: number | null,
  ) =>
    votingOutcomeOf({
      options,
      results: {
        ranking: [
          { option_id: 1, total, rank: total === null ? null : 1, is_top: false, knocked_out: false },
        ],
        formula: '',
        complete: false,
        missing_cells: 0,
        no_result_reason,
      },
    });

  it('says why instead of naming a winner', () => {
    expect(withoutResult('no_complete_voter', 4.5)).toEqual({
      kind: 'noResult',
      message: { key: 'results.noResult.no_complete_voter' },
    });
    expect(withoutResult('no_weights', null)).toEqual({
      kind: 'noResult',
      message: { key: 'results.noResult.no_weights' },
    });
    expect(withoutResult('all_knocked_out', 3)).toEqual({
      kind: 'noResult',
      message: { key: 'results.noResult.all_knocked_out' },
    });
  });

  it('keeps "nobody voted" when there is no vote at all', () => {
    expect(withoutResult('no_complete_voter', null)).toEqual({ kind: 'noVotes' });
  });
});
