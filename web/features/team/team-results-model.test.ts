import { describe, expect, it } from 'vitest';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { cellKey } from '../../lib/matrix-model.ts';
import { isTopOption, teamResultsViewOf } from './team-results-model.ts';

const [LISBON, OSLO, ROME] = [1, 2, 3];
const [COST, WEATHER] = [10, 20];

/** Oslo leads Lisbon; nobody voted on Rome; the AI explained one Lisbon cell. */
function details(
  mode: 'manual' | 'ai',
  noResultReason: DecisionDetails['results']['no_result_reason'] = null,
) {
  const evaluation = (option_id: number, criterion_id: number, explanation: string | null) => ({
    option_id,
    criterion_id,
    value: 7,
    user_id: null,
    explanation,
    generated_by: 'ai' as const,
    ai_value: null,
    ai_explanation: null,
    measure: null,
  });
  const ranked = (option_id: number, total: number | null, rank: number | null) => ({
    option_id,
    total,
    rank,
    is_top: rank === 1,
    knocked_out: false,
  });
  return {
    decision: { mode, type: 'team' as const },
    options: [
      { id: LISBON, decision_id: 9, name: 'Lisbon' },
      { id: OSLO, decision_id: 9, name: 'Oslo' },
      { id: ROME, decision_id: 9, name: 'Rome' },
    ],
    criteria: [
      {
        id: COST,
        decision_id: 9,
        name: 'Cost',
        importance: 50,
        minimum: null,
        anchors: null,
        kind: 'score' as const,
        unit: null,
        direction: null,
        worst: null,
        best: null,
      },
      {
        id: WEATHER,
        decision_id: 9,
        name: 'Weather',
        importance: 50,
        minimum: null,
        anchors: null,
        kind: 'score' as const,
        unit: null,
        direction: null,
        worst: null,
        best: null,
      },
    ],
    results: {
      ranking: [ranked(OSLO, 7.5, 1), ranked(LISBON, 6, 2), ranked(ROME, null, null)],
      formula: '',
      complete: noResultReason === null,
      missing_cells: 0,
      no_result_reason: noResultReason,
    },
    teamResults: {
      // Cost weighs twice as much as Weather.
      weights: [COST, WEATHER].map((criterion_id, index) => ({ criterion_id, weight: 2 - index })),
      // Team values on Cost only: Lisbon 6, Oslo 8 (two votes each), Rome without votes.
      cells: [
        [LISBON, 6, 2],
        [OSLO, 8, 2],
        [ROME, 0, 0],
      ].map(([option_id, value, votes]) => ({
        option_id: option_id!,
        criterion_id: COST,
        value: value!,
        votes: votes!,
      })),
    },
    evaluations: [evaluation(LISBON, COST, 'Cheap flights'), evaluation(OSLO, COST, null)],
  } satisfies Parameters<typeof teamResultsViewOf>[0];
}

describe('team results view', () => {
  it('lists the options in the server’s order with team weights as shares adding up to 100', () => {
    const view = teamResultsViewOf(details('manual'));
    expect(view.rows).toEqual([
      { key: OSLO, label: 'Oslo' },
      { key: LISBON, label: 'Lisbon' },
      { key: ROME, label: 'Rome' },
    ]);
    expect(view.weights.get(COST)).toBe(2);
    expect([...view.shares.entries()]).toEqual([
      [COST, 67],
      [WEATHER, 33],
    ]);
    expect(view.cells.get(cellKey(OSLO, COST))?.value).toBe(8);
  });

  it('counts only options with votes as voted', () => {
    expect([...teamResultsViewOf(details('manual')).votedOptions].sort()).toEqual([LISBON, OSLO]);
  });

  it('keeps the AI’s reasons in AI mode only', () => {
    expect([...teamResultsViewOf(details('ai')).aiReasons]).toEqual([
      [cellKey(LISBON, COST), 'Cheap flights'],
    ]);
    expect(teamResultsViewOf(details('manual')).aiReasons.size).toBe(0);
  });

  it('names a leader only once the result counts', () => {
    const counted = teamResultsViewOf(details('manual'));
    expect(isTopOption(counted, OSLO)).toBe(true);
    expect(isTopOption(counted, LISBON)).toBe(false);
    const pending = teamResultsViewOf(details('manual', 'missing_cells'));
    expect(pending.noResult).toEqual({ key: 'results.noResult.missing_cells', count: 0 });
    expect(isTopOption(pending, OSLO)).toBe(false);
  });
});
