import { describe, expect, it } from 'vitest';
import { scoredCell } from '../../test-support/details-fixtures.ts';
import { abilitiesSchema, type DecisionDetails } from '../../../shared/api/decisions.ts';
import { teamEditRequestSchema } from '../../../shared/api/team.ts';
import { cellKey } from '../../lib/matrix-model.ts';
import { newRow } from './name-rows.ts';
import {
  aiRequestFrom,
  hasInvalidVotes,
  setupRequestFrom,
  setupValuesFrom,
  voteRequestFrom,
  voteRowsOf,
  voteValuesFrom,
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
    timer: '2030-02-01T09:30:00.000Z',
    results_visibility: 'always' as const,
    created_at: '2030-01-01T00:00:00.000Z',
    updated_at: '2030-01-01T00:00:00.000Z',
  };
  const vote = scoredCell;
  return {
    decision,
    options: [
      { id: 1, decision_id: 5, name: 'A' },
      { id: 2, decision_id: 5, name: 'B' },
    ],
    criteria: [
      {
        id: 10,
        decision_id: 5,
        name: 'Cost',
        importance: 60,
        minimum: null,
        anchors: null,
        kind: 'score' as const,
        unit: null,
        direction: null,
        worst: null,
        best: null,
      },
      {
        id: 11,
        decision_id: 5,
        name: 'Time',
        importance: 40,
        minimum: null,
        anchors: null,
        kind: 'score' as const,
        unit: null,
        direction: null,
        worst: null,
        best: null,
      },
    ],
    evaluations: [vote(1, 10, 4, ME), vote(2, 11, 9, ME), vote(1, 11, 2, 99)],
    userRole: 'editor',
    timer: null,
    outcome: null,
    voting_ended: null,
    next_reminder_at: null,
    reminder_recipients: null,
    weightsByUser: { [ME]: [{ criterion_id: 10, weight: 70 }], 99: [{ criterion_id: 11, weight: 5 }] },
    teamMembers: [],
    results: { ranking: [], formula: '', complete: true, missing_cells: 0, no_result_reason: null },
    teamResults: null,
    abilities: abilitiesSchema.parse({
      ...Object.fromEntries(Object.keys(abilitiesSchema.shape).map((ability) => [ability, false])),
      canVote: true,
      canWeight: true,
      canComment: true,
    }),
    lock: null,
    status: 'open',
    participation: { voters: 2, complete: 0 },
    consensus: null,
    resultsHiddenUntil: null,
    resultsVisibilityLocked: false,
    aiOpinion: null,
    frozen_result: null,
    frozen_result_differs: false,
    workspace: null,
  };
}

const rows = voteRowsOf(storedDetails());
const [a, b] = rows.options as [(typeof rows.options)[0], (typeof rows.options)[0]];
const [cost, time] = rows.criteria as [(typeof rows.criteria)[0], (typeof rows.criteria)[0]];

describe('voteValuesFrom', () => {
  it('holds only the caller’s own votes and weights, keyed by the stored rows', () => {
    const values = voteValuesFrom(storedDetails(), ME);
    expect(values.votes).toEqual({ [cellKey(a.key, cost.key)]: '4', [cellKey(b.key, time.key)]: '9' });
    expect(values.weights).toEqual({ [cost.key]: '70' });
  });

  it('is empty for someone who has not voted or weighted', () => {
    expect(voteValuesFrom(storedDetails(), 123)).toEqual({ votes: {}, weights: {} });
  });
});

describe('voteRequestFrom', () => {
  it('sends votes and weights by stored id; an emptied cell is left out, an empty weight is null', () => {
    const values = voteValuesFrom(storedDetails(), ME);
    values.votes[cellKey(a.key, cost.key)] = '';
    values.votes[cellKey(a.key, time.key)] = '6';
    values.weights[cost.key] = '';
    values.weights[time.key] = '30';

    const request = voteRequestFrom(values, rows);

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
  });

  it('never sends names or lists, and leaves invalid cells out', () => {
    const values = voteValuesFrom(storedDetails(), ME);
    values.votes[cellKey(a.key, cost.key)] = '12';
    expect(hasInvalidVotes(values.votes)).toBe(true);
    const request = voteRequestFrom(values, rows);
    expect(Object.keys(request).sort()).toEqual(['votes', 'weights']);
    expect(request.votes).toEqual([{ option_id: 2, criterion_id: 11, value: 9 }]);
  });
});

describe('setupValuesFrom', () => {
  it('holds names, mode, the deadline in local time and the criteria with their default weights', () => {
    const values = setupValuesFrom(storedDetails());
    expect(values).toMatchObject({ name: 'Offsite', description: 'Where to meet', mode: 'manual' });
    expect(new Date(values.deadline).toISOString()).toBe('2030-02-01T09:30:00.000Z');
    expect(values.criteria.map(({ id, name, importance }) => ({ id, name, importance }))).toEqual([
      { id: 10, name: 'Cost', importance: 60 },
      { id: 11, name: 'Time', importance: 40 },
    ]);
  });

  it('holds each criterion’s must-have and anchors in their editing shape', () => {
    const details = storedDetails();
    details.criteria[0] = { ...details.criteria[0]!, minimum: 4, anchors: { low: '> 600 €', high: '' } };
    const [costRow, timeRow] = setupValuesFrom(details).criteria;
    expect(costRow).toMatchObject({ minimum: 4, anchors: { low: '> 600 €', high: '' } });
    expect(timeRow).toMatchObject({ minimum: null, anchors: { low: '', high: '' } });
  });
});

describe('setupRequestFrom', () => {
  it('sends names and lists only: stored ids kept, blank and duplicate rows dropped, no votes or weights', () => {
    const values = setupValuesFrom(storedDetails());
    const [optionA, optionB] = values.options;
    values.name = '  Offsite 2031 ';
    values.options = [
      optionA!,
      newRow({ name: '  ' }),
      newRow({ name: ' a ' }),
      optionB!,
      newRow({ name: ' C ' }),
    ];
    values.criteria.push(newRow({ name: 'Speed', importance: 0 }));

    const request = setupRequestFrom(values);

    expect(request).toEqual({
      name: 'Offsite 2031',
      description: 'Where to meet',
      options: [{ id: 1, name: 'A' }, { id: 2, name: 'B' }, { name: 'C' }],
      criteria: [
        // Stored criteria carry their kind (issue 31); a new row without one is a score criterion.
        { id: 10, name: 'Cost', importance: 60, minimum: null, anchors: null, kind: 'score' },
        { id: 11, name: 'Time', importance: 40, minimum: null, anchors: null, kind: 'score' },
        { name: 'Speed', importance: 0, minimum: null, anchors: null },
      ],
    });
    expect(teamEditRequestSchema.safeParse(request).success).toBe(true);
  });

  it('always sends minimum and anchors, so clearing them clears what is stored', () => {
    const details = storedDetails();
    details.criteria[0] = { ...details.criteria[0]!, minimum: 4, anchors: { low: 'slow', high: 'fast' } };
    const values = setupValuesFrom(details);
    values.criteria[0] = { ...values.criteria[0]!, minimum: null, anchors: { low: ' ', high: '' } };
    values.criteria[1] = { ...values.criteria[1]!, minimum: 6, anchors: { low: '', high: ' < 1 hour ' } };

    const request = setupRequestFrom(values);

    expect(request.criteria).toEqual([
      { id: 10, name: 'Cost', importance: 60, minimum: null, anchors: null, kind: 'score' },
      {
        id: 11,
        name: 'Time',
        importance: 40,
        minimum: 6,
        anchors: { low: '', high: '< 1 hour' },
        kind: 'score',
      },
    ]);
    expect(teamEditRequestSchema.safeParse(request).success).toBe(true);
  });

  it('asks the AI about the same lists the save sends', () => {
    const values = setupValuesFrom(storedDetails());
    values.options.push(newRow({ name: 'a' }));
    const request = setupRequestFrom(values);
    expect(aiRequestFrom(values)).toEqual({
      decisionName: 'Offsite',
      description: 'Where to meet',
      options: request.options,
      criteria: request.criteria,
    });
  });
});
