import { describe, expect, it } from 'vitest';
import { abilitiesSchema, type DecisionDetails } from '../../../shared/api/decisions.ts';
import { teamEditRequestSchema } from '../../../shared/api/team.ts';
import { cellKey } from '../../lib/matrix-model.ts';
import { newRow } from './name-rows.ts';
import {
  aiRequestFrom,
  hasInvalidVotes,
  teamEditRequestFrom,
  valuesFrom,
  type TeamFormValues,
} from './team-form-model.ts';

const ME = 7;

/** A stored decision: options A (1), B (2); criteria Cost (10), Time (11); my votes and weights, another member's vote. */
function storedDetails(): DecisionDetails {
  const decision = {
    id: 5,
    user_id: 1,
    name: 'Offsite',
    title: 'Offsite',
    description: 'Where to meet',
    mode: 'manual' as const,
    type: 'team' as const,
    score: null,
    timer: null,
    created_at: '2030-01-01T00:00:00.000Z',
    updated_at: '2030-01-01T00:00:00.000Z',
  };
  const vote = (option_id: number, criterion_id: number, value: number, user_id: number) => ({
    option_id,
    criterion_id,
    value,
    user_id,
    explanation: null,
    generated_by: 'user' as const,
  });
  return {
    decision,
    options: [
      { id: 1, decision_id: 5, name: 'A' },
      { id: 2, decision_id: 5, name: 'B' },
    ],
    criteria: [
      { id: 10, decision_id: 5, name: 'Cost', importance: 60 },
      { id: 11, decision_id: 5, name: 'Time', importance: 40 },
    ],
    evaluations: [vote(1, 10, 4, ME), vote(2, 11, 9, ME), vote(1, 11, 2, 99)],
    userRole: 'editor',
    timer: null,
    weightsByUser: { [ME]: [{ criterion_id: 10, weight: 70 }], 99: [{ criterion_id: 11, weight: 5 }] },
    teamMembers: [],
    results: { ranking: [], formula: '' },
    teamResults: null,
    abilities: abilitiesSchema.parse({
      ...Object.fromEntries(Object.keys(abilitiesSchema.shape).map((ability) => [ability, false])),
      canVote: true,
      canWeight: true,
      canComment: true,
    }),
    lock: null,
  };
}

function keysOf(values: TeamFormValues) {
  const [a, b] = values.options;
  const [cost, time] = values.criteria;
  if (!a || !b || !cost || !time) throw new Error('the stored rows are missing');
  return { a, b, cost, time };
}

describe('valuesFrom', () => {
  it('holds only the caller’s own votes and weights', () => {
    const values = valuesFrom(storedDetails(), ME);
    const { a, b, cost, time } = keysOf(values);
    expect(values.votes).toEqual({ [cellKey(a.key, cost.key)]: '4', [cellKey(b.key, time.key)]: '9' });
    expect(values.weights).toEqual({ [cost.key]: '70' });
  });
});

describe('teamEditRequestFrom (editor)', () => {
  it('sends votes and weights by stored id; an emptied cell is left out, an empty weight is null', () => {
    const values = valuesFrom(storedDetails(), ME);
    const { a, b, cost, time } = keysOf(values);
    values.votes[cellKey(a.key, cost.key)] = '';
    values.votes[cellKey(a.key, time.key)] = '6';
    values.weights[cost.key] = '';
    values.weights[time.key] = '30';

    const request = teamEditRequestFrom(values, false);

    expect(request).toEqual({
      votes: [
        { option_id: 1, criterion_id: 11, value: 6 },
        { option_id: 2, criterion_id: 11, value: 9 },
      ],
      weights: [
        { criterion_id: 10, weight: null },
        { criterion_id: 11, weight: 30 },
      ],
    });
    expect(teamEditRequestSchema.safeParse(request).success).toBe(true);
    expect(values.votes[cellKey(b.key, time.key)]).toBe('9');
  });

  it('never sends names or lists', () => {
    const request = teamEditRequestFrom(valuesFrom(storedDetails(), ME), false);
    expect(Object.keys(request).sort()).toEqual(['votes', 'weights']);
  });
});

describe('teamEditRequestFrom (owner and admin)', () => {
  it('points at new rows by index, keeps stored ids, and drops blank and duplicate rows with their cells', () => {
    const values = valuesFrom(storedDetails(), ME);
    const { a, b, cost, time } = keysOf(values);
    const blank = newRow({ name: '  ' });
    const duplicate = newRow({ name: ' a ' });
    const fresh = newRow({ name: ' C ' });
    const speed = newRow({ name: 'Speed', importance: 0 });
    values.name = '  Offsite 2031 ';
    values.options = [a, blank, duplicate, b, fresh];
    values.criteria = [cost, time, speed];
    values.votes[cellKey(duplicate.key, cost.key)] = '3';
    values.votes[cellKey(blank.key, cost.key)] = '5';
    values.votes[cellKey(fresh.key, speed.key)] = '8';
    values.votes[cellKey(b.key, time.key)] = '';
    values.weights[speed.key] = '15';

    const request = teamEditRequestFrom(values, true);

    expect(request).toEqual({
      name: 'Offsite 2031',
      description: 'Where to meet',
      options: [{ id: 1, name: 'A' }, { id: 2, name: 'B' }, { name: 'C' }],
      criteria: [
        { id: 10, name: 'Cost', importance: 60 },
        { id: 11, name: 'Time', importance: 40 },
        { name: 'Speed', importance: 0 },
      ],
      votes: [
        { option_index: 0, criterion_index: 0, value: 4 },
        { option_index: 2, criterion_index: 2, value: 8 },
      ],
      weights: [
        { criterion_index: 0, weight: 70 },
        { criterion_index: 1, weight: null },
        { criterion_index: 2, weight: 15 },
      ],
    });
    expect(teamEditRequestSchema.safeParse(request).success).toBe(true);
  });

  it('leaves invalid cells out instead of sending them', () => {
    const values = valuesFrom(storedDetails(), ME);
    const { a, cost } = keysOf(values);
    values.votes[cellKey(a.key, cost.key)] = '12';
    expect(hasInvalidVotes(values.votes)).toBe(true);
    expect(teamEditRequestFrom(values, true).votes).toEqual([
      { option_index: 1, criterion_index: 1, value: 9 },
    ]);
  });

  it('asks the AI about the same lists the save sends', () => {
    const values = valuesFrom(storedDetails(), ME);
    values.options.push(newRow({ name: 'a' }));
    const request = teamEditRequestFrom(values, true);
    expect(aiRequestFrom(values)).toEqual({
      decisionName: 'Offsite',
      description: 'Where to meet',
      options: request.options,
      criteria: request.criteria,
    });
  });
});
