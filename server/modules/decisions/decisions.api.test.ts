import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../../shared/i18n/de.json' with { type: 'json' };
import en from '../../../shared/i18n/en.json' with { type: 'json' };
import {
  decisionDetailsSchema,
  decisionListItemSchema,
  decisionSchema,
  type Decision,
  type DecisionDetails,
  type DecisionListItem,
} from '../../../shared/api/decisions.ts';
import { LIMITS } from '../../../shared/limits.ts';
import type { ErrorCode } from '../../../shared/errors.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import {
  createComment,
  createDecision,
  decisionApi,
  insertTeamDecision,
  setNickname,
  type CreatedDecision,
} from '../../test/decision-factories.ts';
import { countAllRows, expectNothingChanged, snapshotAllTables } from '../../test/db-snapshot.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';

/** A score criterion's measured fields (issue 31): none. */
const SCORE_CRITERION = { kind: 'score', unit: null, direction: null, worst: null, best: null };
const { app } = useTestApp({ authRateLimitPerMinute: 10_000 });
const api = decisionApi(() => app);

const DECISION_FIELDS = Object.keys(decisionSchema.shape).sort();

function expectDecisionBody(body: unknown): asserts body is Decision {
  expect(Object.keys(body as object).sort()).toEqual(DECISION_FIELDS);
  expect(decisionSchema.strict().safeParse(body).success).toBe(true);
}

async function detailsOf(caller: SignedInUser, id: number): Promise<DecisionDetails> {
  const response = await api.details(caller, id);
  expect(response.statusCode).toBe(200);
  return response.json<DecisionDetails>();
}

async function listOf(caller: SignedInUser): Promise<DecisionListItem[]> {
  const response = await api.list(caller);
  expect(response.statusCode).toBe(200);
  return response.json<DecisionListItem[]>();
}

/** The caller's values as `[option name, criterion name, value]`, sorted, for readable comparisons. */
function cellsByName(details: DecisionDetails): [string, string, number][] {
  const optionName = new Map(details.options.map((option) => [option.id, option.name]));
  const criterionName = new Map(details.criteria.map((criterion) => [criterion.id, criterion.name]));
  return details.evaluations
    .map((e): [string, string, number] => [
      optionName.get(e.option_id)!,
      criterionName.get(e.criterion_id)!,
      e.value,
    ])
    .sort((a, b) => `${a[0]}|${a[1]}`.localeCompare(`${b[0]}|${b[1]}`));
}

async function evaluationCountFor(optionId: number): Promise<number> {
  const rows = await app.database.db
    .selectFrom('evaluations')
    .select('id')
    .where('option_id', '=', optionId)
    .execute();
  return rows.length;
}

const matrix = {
  options: ['A', 'B'],
  criteria: [
    { name: 'X', importance: 50 },
    { name: 'Y', importance: 50 },
  ],
};
const cell = (value: unknown, option_index = 0, criterion_index = 0) => ({
  option_index,
  criterion_index,
  value,
});

// Each refusal: [case, payload, status, code, { field: exact English message }]
const refusals: [
  string,
  Record<string, unknown>,
  number,
  'VALIDATION_FAILED' | 'DUPLICATE_NAME',
  Record<string, string>,
][] = [
  ['a missing name', { ...matrix }, 400, 'VALIDATION_FAILED', { name: en.validation.required }],
  ['an empty name', { name: '' }, 400, 'VALIDATION_FAILED', { name: en.validation.nameEmpty }],
  ['a blank name', { name: '   ', ...matrix }, 400, 'VALIDATION_FAILED', { name: en.validation.nameEmpty }],
  [
    'a name over the limit',
    { name: 'n'.repeat(LIMITS.decision.nameMax + 1) },
    400,
    'VALIDATION_FAILED',
    { name: en.validation.tooLong },
  ],
  [
    'type team',
    { name: 'T', type: 'team', ...matrix },
    400,
    'VALIDATION_FAILED',
    { type: en.validation.invalid },
  ],
  [
    'an unknown mode',
    { name: 'T', mode: 'magic' },
    400,
    'VALIDATION_FAILED',
    { mode: en.validation.invalid },
  ],
  [
    'a description over the limit',
    { name: 'T', description: 'd'.repeat(LIMITS.decision.descriptionMax + 1) },
    400,
    'VALIDATION_FAILED',
    { description: en.validation.tooLong },
  ],
  [
    'an empty option name',
    { name: 'T', options: ['A', ''] },
    400,
    'VALIDATION_FAILED',
    { 'options.1': en.validation.nameEmpty },
  ],
  [
    'a blank option {name}',
    { name: 'T', options: ['A', { name: '  ' }] },
    400,
    'VALIDATION_FAILED',
    { 'options.1.name': en.validation.nameEmpty },
  ],
  [
    'a blank criterion name',
    { name: 'T', criteria: [{ name: ' ', importance: 10 }] },
    400,
    'VALIDATION_FAILED',
    { 'criteria.0.name': en.validation.nameEmpty },
  ],
  [
    'a non-numeric importance',
    { name: 'T', criteria: [{ name: 'X', importance: 'lots' }] },
    400,
    'VALIDATION_FAILED',
    { 'criteria.0.importance': en.validation.number },
  ],
  [
    'an importance over 100',
    { name: 'T', criteria: [{ name: 'X', importance: 101 }] },
    400,
    'VALIDATION_FAILED',
    { 'criteria.0.importance': en.validation.importanceRange },
  ],
  [
    'duplicate option names (trimmed, case-insensitive)',
    { name: 'T', options: [' A ', 'a'], criteria: matrix.criteria, evaluations: [cell(5)] },
    409,
    'DUPLICATE_NAME',
    { 'options.1.name': en.validation.duplicateName },
  ],
  [
    'duplicate criterion names',
    {
      name: 'T',
      options: ['A'],
      criteria: [
        { name: 'Cost', importance: 1 },
        { name: 'COST ', importance: 2 },
      ],
    },
    409,
    'DUPLICATE_NAME',
    { 'criteria.1.name': en.validation.duplicateName },
  ],
  [
    'an option index past the options',
    { name: 'T', ...matrix, evaluations: [cell(5), cell(5, 2, 0)] },
    400,
    'VALIDATION_FAILED',
    { 'evaluations.1.option_index': en.validation.unknownOption },
  ],
  [
    'a criterion index past the criteria',
    { name: 'T', ...matrix, evaluations: [cell(5, 1, 2)] },
    400,
    'VALIDATION_FAILED',
    { 'evaluations.0.criterion_index': en.validation.unknownCriterion },
  ],
  [
    'values without any options',
    { name: 'T', evaluations: [cell(5)] },
    400,
    'VALIDATION_FAILED',
    {
      'evaluations.0.option_index': en.validation.unknownOption,
      'evaluations.0.criterion_index': en.validation.unknownCriterion,
    },
  ],
  [
    'two values for one cell',
    { name: 'T', ...matrix, evaluations: [cell(5), cell(6)] },
    400,
    'VALIDATION_FAILED',
    { 'evaluations.1': en.validation.duplicateCell },
  ],
  [
    'a value of 0',
    { name: 'T', ...matrix, evaluations: [cell(4, 1, 1), cell(0)] },
    400,
    'VALIDATION_FAILED',
    { 'evaluations.1.value': en.validation.valueRange },
  ],
  [
    'a value of 11',
    { name: 'T', ...matrix, evaluations: [cell(11)] },
    400,
    'VALIDATION_FAILED',
    { 'evaluations.0.value': en.validation.valueRange },
  ],
  [
    'a value of 7.5',
    { name: 'T', ...matrix, evaluations: [cell(7.5)] },
    400,
    'VALIDATION_FAILED',
    { 'evaluations.0.value': en.validation.integer },
  ],
  [
    'a value as text',
    { name: 'T', ...matrix, evaluations: [cell('7')] },
    400,
    'VALIDATION_FAILED',
    { 'evaluations.0.value': en.validation.number },
  ],
];

describe('POST /api/decision', () => {
  let owner: SignedInUser;
  beforeAll(async () => {
    owner = await createSignedInUser(app);
  });

  it('creates a decision with options, criteria and values and answers 201 with the decision and its top total', async () => {
    const response = await api.create(owner, {
      name: 'Commute',
      description: 'How to get to work',
      mode: 'manual',
      type: 'public',
      options: ['Car', { name: 'Bike' }],
      criteria: [{ name: 'Price', importance: '60' }, { name: 'Speed' }, { name: 'Comfort', importance: 40 }],
      evaluations: [
        { option_index: 0, criterion_index: 0, value: 8 },
        { option_index: 0, criterion_index: 1, value: 4 },
        { option_index: 0, criterion_index: 2, value: 5, explanation: '  roomy  ' },
        { option_index: 1, criterion_index: 0, value: 10 },
        { option_index: 1, criterion_index: 1, value: 9 },
        { option_index: 1, criterion_index: 2, value: 3 },
      ],
    });

    expect(response.statusCode).toBe(201);
    const decision = response.json();
    expectDecisionBody(decision);
    expect(decision).toMatchObject({
      user_id: owner.user.id,
      name: 'Commute',
      title: 'Commute',
      description: 'How to get to work',
      mode: 'manual',
      type: 'public',
      timer: null,
      // Car 8×0.6 + 5×0.4 = 6.8; Bike 10×0.6 + 9×0 + 3×0.4 = 7.2
      score: 7.2,
    });
    expect(decision.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.now() - Date.parse(decision.created_at)).toBeLessThan(60_000);

    const details = await detailsOf(owner, decision.id);
    expect(details.decision).toEqual(decision);
    expect(details.options.map((option) => option.name)).toEqual(['Car', 'Bike']);
    expect(details.criteria.map(({ name, importance }) => ({ name, importance }))).toEqual([
      { name: 'Price', importance: 60 },
      { name: 'Speed', importance: 0 },
      { name: 'Comfort', importance: 40 },
    ]);
    expect(cellsByName(details)).toEqual([
      ['Bike', 'Comfort', 3],
      ['Bike', 'Price', 10],
      ['Bike', 'Speed', 9],
      ['Car', 'Comfort', 5],
      ['Car', 'Price', 8],
      ['Car', 'Speed', 4],
    ]);
    expect(details.evaluations.find((e) => e.value === 5)?.explanation).toBe('roomy');
    expect(details.evaluations.filter((e) => e.value !== 5).map((e) => e.explanation)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(details.evaluations.every((e) => e.user_id === owner.user.id && e.generated_by === 'user')).toBe(
      true,
    );
  });

  it('needs only a name: private, manual, empty description, no score', async () => {
    const response = await api.create(owner, { name: 'Bare' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Bare',
      type: 'private',
      mode: 'manual',
      description: '',
      score: null,
    });
    const details = await detailsOf(owner, response.json<Decision>().id);
    expect(details).toMatchObject({ options: [], criteria: [], evaluations: [], results: { ranking: [] } });
  });

  it('trims the name, option names and criterion names', async () => {
    const response = await api.create(owner, {
      name: '  Holiday  ',
      options: ['  Lisbon ', { name: ' Oslo  ' }],
      criteria: [{ name: '  Weather ', importance: 100 }],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Holiday', title: 'Holiday' });
    const details = await detailsOf(owner, response.json<Decision>().id);
    expect(details.options.map((option) => option.name)).toEqual(['Lisbon', 'Oslo']);
    expect(details.criteria.map((criterion) => criterion.name)).toEqual(['Weather']);
  });

  it('accepts a description of exactly the limit', async () => {
    const description = 'd'.repeat(LIMITS.decision.descriptionMax);
    const response = await api.create(owner, { name: 'Long', description });
    expect(response.statusCode).toBe(201);
    expect(response.json<Decision>().description).toBe(description);
  });

  it('accepts the ends of the personal grid (1 and 10)', async () => {
    const response = await api.create(owner, {
      name: 'Ends',
      options: ['A', 'B'],
      criteria: [{ name: 'X', importance: 100 }],
      evaluations: [
        { option_index: 0, criterion_index: 0, value: 1 },
        { option_index: 1, criterion_index: 0, value: 10 },
      ],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<Decision>().score).toBe(10);
  });

  it.each(refusals)('refuses %s and creates nothing at all', async (_case, payload, status, code, fields) => {
    await createDecision(app, owner); // something to leave alone
    const counts = await countAllRows(app);
    const response = await expectNothingChanged(app, () => api.create(owner, payload));
    const body = expectApiError(response, status, code, { fields: Object.keys(fields) });
    expect(body.fields).toEqual(fields);
    expect(await countAllRows(app)).toEqual(counts);
  });

  it('answers a refusal in German with Accept-Language: de', async () => {
    const response = await expectNothingChanged(app, () =>
      api.create(owner, { name: 'T', options: ['Eins', 'eins'] }, { 'accept-language': 'de' }),
    );
    const body = expectApiError(response, 409, 'DUPLICATE_NAME', {
      language: 'de',
      fields: ['options.1.name'],
    });
    expect(body.error).toBe(
      'Namen müssen eindeutig sein: ein Name kommt doppelt vor (ohne Leerzeichen und Groß-/Kleinschreibung verglichen).',
    );
    expect(body.fields).toEqual({ 'options.1.name': 'Keine Duplikate: dieser Name wird schon verwendet.' });
  });

  it('refuses anonymous callers with 401 and creates nothing', async () => {
    const response = await expectNothingChanged(app, () => api.create(undefined, { name: 'Sneaky' }));
    expectApiError(response, 401, 'UNAUTHORIZED');
  });
});

// A 7, B 7, C 10 (X and Y weigh 50 each).
async function seedLaptop(
  owner: SignedInUser,
  overrides: Record<string, unknown> = {},
): Promise<CreatedDecision> {
  return createDecision(app, owner, {
    name: 'Laptop',
    description: 'For work',
    mode: 'ai',
    options: ['A', 'B', 'C'],
    criteria: [
      { name: 'X', importance: 50 },
      { name: 'Y', importance: 50 },
    ],
    evaluations: [
      { option_index: 0, criterion_index: 0, value: 8 },
      { option_index: 0, criterion_index: 1, value: 6 },
      { option_index: 1, criterion_index: 0, value: 4 },
      { option_index: 1, criterion_index: 1, value: 10 },
      { option_index: 2, criterion_index: 0, value: 10 },
      { option_index: 2, criterion_index: 1, value: 10 },
    ],
    ...overrides,
  });
}

const updateRefusals: [
  string,
  Record<string, unknown>,
  number,
  'VALIDATION_FAILED' | 'DUPLICATE_NAME',
  Record<string, string>,
][] = [
  [
    'duplicate option names',
    { name: 'Changed', options: ['A', 'Z', ' z'], evaluations: [] },
    409,
    'DUPLICATE_NAME',
    { 'options.2.name': en.validation.duplicateName },
  ],
  [
    'duplicate criterion names',
    { name: 'Changed', criteria: [{ name: 'Y' }, { name: 'y' }] },
    409,
    'DUPLICATE_NAME',
    { 'criteria.1.name': en.validation.duplicateName },
  ],
  [
    'an option index past the stored options',
    { name: 'Changed', evaluations: [{ option_index: 3, criterion_index: 0, value: 5 }] },
    400,
    'VALIDATION_FAILED',
    { 'evaluations.0.option_index': en.validation.unknownOption },
  ],
  [
    'an index past the new, shorter list',
    { name: 'Changed', options: ['A'], evaluations: [{ option_index: 1, criterion_index: 0, value: 5 }] },
    400,
    'VALIDATION_FAILED',
    { 'evaluations.0.option_index': en.validation.unknownOption },
  ],
  [
    'changing to team',
    { name: 'Changed', type: 'team' },
    400,
    'VALIDATION_FAILED',
    { type: en.validation.typeChange },
  ],
  [
    'an empty name',
    { name: ' ', options: ['Q'] },
    400,
    'VALIDATION_FAILED',
    { name: en.validation.nameEmpty },
  ],
  ['a missing name', { options: ['Q'] }, 400, 'VALIDATION_FAILED', { name: en.validation.required }],
  [
    'a value of 11',
    { name: 'Changed', evaluations: [{ option_index: 0, criterion_index: 0, value: 11 }] },
    400,
    'VALIDATION_FAILED',
    { 'evaluations.0.value': en.validation.valueRange },
  ],
  [
    'a description over the limit',
    { name: 'Changed', description: 'd'.repeat(LIMITS.decision.descriptionMax + 1) },
    400,
    'VALIDATION_FAILED',
    { description: en.validation.tooLong },
  ],
];

describe('PUT /api/decision/{id}: lists and values', () => {
  let owner: SignedInUser;
  beforeAll(async () => {
    owner = await createSignedInUser(app);
  });
  const seed = (overrides: Record<string, unknown> = {}) => seedLaptop(owner, overrides);

  it('keeps ids of unchanged names (any case) and of renamed rows sent with their id; removed options lose their values', async () => {
    const { decision, optionIds, criterionIds } = await seed();
    const [idA, idB, idC] = optionIds as [number, number, number];
    const [idX, idY] = criterionIds as [number, number];
    expect(decision.score).toBe(10);
    const comment = await createComment(app, owner, decision.id, 'Remember the battery');

    const response = await api.update(owner, decision.id, {
      name: 'Laptop 2',
      options: ['b', { id: idA, name: 'Alpha' }, 'D'],
      criteria: [
        { name: 'x', importance: 50 },
        { name: 'Y', importance: 50 },
      ],
    });

    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expectDecisionBody(updated);
    // C (10) is gone; A and B keep their 7; D has no values yet, so nothing leads (issue 25).
    expect(updated).toMatchObject({ id: decision.id, name: 'Laptop 2', title: 'Laptop 2', score: null });

    const details = await detailsOf(owner, decision.id);
    expect(details.options.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: idB, name: 'b' },
      { id: idA, name: 'Alpha' },
      { id: expect.any(Number), name: 'D' },
    ]);
    expect([idA, idB, idC]).not.toContain(details.options[2]!.id);
    expect(details.criteria.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: idX, name: 'x' },
      { id: idY, name: 'Y' },
    ]);
    expect(cellsByName(details)).toEqual([
      ['Alpha', 'x', 8],
      ['Alpha', 'Y', 6],
      ['b', 'x', 4],
      ['b', 'Y', 10],
    ]);
    expect(await evaluationCountFor(idC)).toBe(0);
    // Provisional totals, ranked, with no top option while D's two cells are empty.
    expect(details.results).toMatchObject({
      complete: false,
      missing_cells: 2,
      no_result_reason: 'missing_cells',
    });
    expect(details.results.ranking).toEqual([
      { option_id: idB, total: 7, rank: 1, is_top: false, knocked_out: false },
      { option_id: idA, total: 7, rank: 1, is_top: false, knocked_out: false },
      { option_id: details.options[2]!.id, total: 0, rank: 3, is_top: false, knocked_out: false },
    ]);
    const comments = await api.listComments(owner, decision.id);
    expect(comments.json()).toEqual([
      expect.objectContaining({ id: comment.id, text: 'Remember the battery' }),
    ]);
  });

  it('removing a criterion removes its values and recomputes the score', async () => {
    const { decision, criterionIds } = await seed();
    const response = await api.update(owner, decision.id, {
      name: 'Laptop',
      criteria: [{ name: 'Y', importance: 100 }],
    });
    expect(response.statusCode).toBe(200);
    // Only Y counts now: A 6, B 10, C 10.
    expect(response.json<Decision>().score).toBe(10);
    const details = await detailsOf(owner, decision.id);
    expect(details.criteria.map((criterion) => criterion.id)).toEqual([criterionIds[1]]);
    expect(details.evaluations.map((e) => e.criterion_id)).toEqual([
      criterionIds[1],
      criterionIds[1],
      criterionIds[1],
    ]);
    expect(details.results.ranking.map((entry) => entry.total)).toEqual([10, 10, 6]);
  });

  it('sent evaluations replace the caller’s values, by position in the (new) lists', async () => {
    const { decision, optionIds, criterionIds } = await seed();
    const response = await api.update(owner, decision.id, {
      name: 'Laptop',
      options: ['C', 'A', 'B'],
      evaluations: [
        { option_index: 0, criterion_index: 1, value: 2, explanation: 'loud' },
        { option_index: 2, criterion_index: 0, value: 9 },
      ],
    });
    expect(response.statusCode).toBe(200);
    // C 2×0.5 = 1; B 9×0.5 = 4.5; but four cells are empty, so there is no score yet.
    expect(response.json<Decision>().score).toBeNull();
    const details = await detailsOf(owner, decision.id);
    expect(details.options.map((option) => option.id)).toEqual([optionIds[2], optionIds[0], optionIds[1]]);
    expect(
      details.evaluations.map(({ option_id, criterion_id, value, explanation }) => ({
        option_id,
        criterion_id,
        value,
        explanation,
      })),
    ).toEqual(
      expect.arrayContaining([
        { option_id: optionIds[2], criterion_id: criterionIds[1], value: 2, explanation: 'loud' },
        { option_id: optionIds[1], criterion_id: criterionIds[0], value: 9, explanation: null },
      ]),
    );
    expect(details.evaluations).toHaveLength(2);
    expect(details.results.ranking.map((entry) => [entry.option_id, entry.total])).toEqual([
      [optionIds[1], 4.5],
      [optionIds[2], 1],
      [optionIds[0], 0],
    ]);
    expect(details.results.missing_cells).toBe(4);
  });

  it('absent evaluations keep the stored values; `evaluations: []` clears the caller’s', async () => {
    const { decision } = await seed();
    const before = await detailsOf(owner, decision.id);

    expect((await api.update(owner, decision.id, { name: 'Laptop' })).statusCode).toBe(200);
    const kept = await detailsOf(owner, decision.id);
    expect(kept.evaluations).toEqual(before.evaluations);
    expect(kept.options).toEqual(before.options);
    expect(kept.criteria).toEqual(before.criteria);

    const cleared = await api.update(owner, decision.id, { name: 'Laptop', evaluations: [] });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<Decision>().score).toBeNull();
    const after = await detailsOf(owner, decision.id);
    expect(after.evaluations).toEqual([]);
    expect(after.options).toEqual(before.options);
  });
});

describe('PUT /api/decision/{id}: fields, visibility and refusals', () => {
  let owner: SignedInUser;
  let other: SignedInUser;
  beforeAll(async () => {
    [owner, other] = await Promise.all([createSignedInUser(app), createSignedInUser(app)]);
  });
  const seed = (overrides: Record<string, unknown> = {}) => seedLaptop(owner, overrides);

  it('absent description and mode keep the stored values; sent ones replace them', async () => {
    const { decision } = await seed();
    const kept = await api.update(owner, decision.id, { name: 'Renamed' });
    expect(kept.json()).toMatchObject({
      name: 'Renamed',
      description: 'For work',
      mode: 'ai',
      type: 'private',
    });

    const changed = await api.update(owner, decision.id, {
      name: 'Renamed',
      description: '  New text ',
      mode: 'manual',
    });
    expect(changed.json()).toMatchObject({ description: 'New text', mode: 'manual' });

    const cleared = await api.update(owner, decision.id, { name: 'Renamed', description: null });
    expect(cleared.json<Decision>().description).toBe('');
    expect((await detailsOf(owner, decision.id)).decision).toMatchObject({
      name: 'Renamed',
      description: '',
      mode: 'manual',
    });
  });

  it('switches between private and public, and visibility follows', async () => {
    const { decision } = await seed();
    expectApiError(await api.details(other, decision.id), 404, 'NOT_FOUND');

    const toPublic = await api.update(owner, decision.id, { name: 'Laptop', type: 'public' });
    expect(toPublic.json()).toMatchObject({ type: 'public' });
    expect((await api.details(other, decision.id)).statusCode).toBe(200);

    const toPrivate = await api.update(owner, decision.id, { name: 'Laptop', type: 'private' });
    expect(toPrivate.json()).toMatchObject({ type: 'private' });
    expectApiError(await api.details(other, decision.id), 404, 'NOT_FOUND');
  });

  it('an id of another decision’s option neither moves nor renames that option', async () => {
    const { decision } = await seed();
    const foreign = await createDecision(app, owner, {
      name: 'Other',
      options: ['Keep me'],
      evaluations: [],
    });
    const response = await api.update(owner, decision.id, {
      name: 'Laptop',
      options: [{ id: foreign.optionIds[0], name: 'Stolen' }],
    });
    expect(response.statusCode).toBe(200);
    const details = await detailsOf(owner, decision.id);
    expect(details.options.map((option) => option.name)).toEqual(['Stolen']);
    expect(details.options[0]!.id).not.toBe(foreign.optionIds[0]);
    expect((await detailsOf(owner, foreign.decision.id)).options).toEqual(foreign.details.options);
  });

  it.each(updateRefusals)('refuses %s and changes nothing', async (_case, payload, status, code, fields) => {
    const { decision } = await seed();
    const before = await detailsOf(owner, decision.id);
    const response = await expectNothingChanged(app, () => api.update(owner, decision.id, payload));
    const body = expectApiError(response, status, code, { fields: Object.keys(fields) });
    expect(body.fields).toEqual(fields);
    expect(await detailsOf(owner, decision.id)).toEqual(before);
  });

  it('a team decision cannot become personal', async () => {
    const { decision } = await insertTeamDecision(app, { ownerId: owner.user.id });
    const response = await expectNothingChanged(app, () =>
      api.update(owner, decision.id, { name: 'Solo now', type: 'private' }),
    );
    const body = expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['type'] });
    expect(body.fields).toEqual({ type: en.validation.typeChange });
  });
});

describe('GET /api/decision', () => {
  it('lists the caller’s decisions newest first, each once, with score, is_team and role owner', async () => {
    const [owner, other] = await Promise.all([createSignedInUser(app), createSignedInUser(app)]);
    const first = await createDecision(app, owner, { name: 'First' });
    const second = await createDecision(app, owner, {
      name: 'Second',
      type: 'public',
      options: ['Only'],
      evaluations: [],
    });
    const third = await createDecision(app, owner, { name: 'Third' });
    // Other people's decisions, private and public, stay out of the list.
    await createDecision(app, other, { name: 'Not mine', type: 'private' });
    await createDecision(app, other, { name: 'Not mine either', type: 'public' });

    const response = await api.list(owner);
    expect(response.statusCode).toBe(200);
    const list = response.json<DecisionListItem[]>();
    expect(list.map((item) => item.name)).toEqual(['Third', 'Second', 'First']);
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual(Object.keys(decisionListItemSchema.shape).sort());
      expect(item).toMatchObject({ is_team: false, role: 'owner', user_id: owner.user.id });
    }
    expect(list.map((item) => item.id)).toEqual([third.decision.id, second.decision.id, first.decision.id]);
    // First and Third: Alpha 8×0.6 + 5×0.4 = 6.8, Beta 6×0.6 + 9×0.4 = 7.2; Second has no values,
    // so neither a score nor a leading option (issue 25).
    expect(list.map((item) => item.score)).toEqual([7.2, null, 7.2]);
    expect(list[1]!.leading_option).toBeNull();
    expect(list[0]).toEqual({
      ...third.decision,
      is_team: false,
      role: 'owner',
      status: 'open',
      lock: null,
      leading_option: { id: third.optionIds[1], name: 'Beta', total: 7.2 },
      outcome_option: null,
      participation: null,
      results_hidden_until: null,
      workspace: null,
    });
    expect(third.decision.results_visibility).toBe('always');
  });

  it('is empty for a new user', async () => {
    const newcomer = await createSignedInUser(app);
    await createDecision(app, await createSignedInUser(app), { type: 'public' });
    expect(await listOf(newcomer)).toEqual([]);
  });

  it('includes team decisions the caller belongs to, with their role, and no others', async () => {
    const [me, boss, stranger] = await Promise.all([
      createSignedInUser(app),
      createSignedInUser(app),
      createSignedInUser(app),
    ]);
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const asEditor = await insertTeamDecision(app, {
      ownerId: boss.user.id,
      name: 'Team as editor',
      createdAt: minutesAgo(30),
      members: [
        { userId: me.user.id, role: 'editor' },
        { userId: stranger.user.id, role: 'viewer' },
      ],
    });
    const asViewer = await insertTeamDecision(app, {
      ownerId: boss.user.id,
      name: 'Team as viewer',
      createdAt: minutesAgo(10),
      members: [{ userId: me.user.id, role: 'viewer' }],
    });
    // The owner of a team decision with a member row of their own still appears once, as owner.
    const mine = await insertTeamDecision(app, {
      ownerId: me.user.id,
      name: 'My team',
      createdAt: minutesAgo(20),
      members: [
        { userId: me.user.id, role: 'admin' },
        { userId: boss.user.id, role: 'editor' },
        { userId: stranger.user.id, role: 'admin' },
      ],
    });
    await insertTeamDecision(app, {
      ownerId: boss.user.id,
      name: 'Not my team',
      members: [{ userId: stranger.user.id, role: 'admin' }],
    });
    const personal = await createDecision(app, me, { name: 'Personal' });

    const list = await listOf(me);
    expect(list.map(({ id, name, is_team, role }) => ({ id, name, is_team, role }))).toEqual([
      { id: personal.decision.id, name: 'Personal', is_team: false, role: 'owner' },
      { id: asViewer.decision.id, name: 'Team as viewer', is_team: true, role: 'viewer' },
      { id: mine.decision.id, name: 'My team', is_team: true, role: 'owner' },
      { id: asEditor.decision.id, name: 'Team as editor', is_team: true, role: 'editor' },
    ]);
    expect(list.find((item) => item.id === asEditor.decision.id)).toMatchObject({
      type: 'team',
      user_id: boss.user.id,
    });
  });

  it('refuses anonymous callers', async () => {
    expectApiError(await api.list(undefined), 401, 'UNAUTHORIZED');
  });
});

describe('GET /api/decision/{id}/details: shape and totals', () => {
  let owner: SignedInUser;
  beforeAll(async () => {
    owner = await createSignedInUser(app);
  });

  it('answers the shape of SPEC.md plus results and abilities', async () => {
    const { decision, optionIds, criterionIds } = await createDecision(app, owner, {
      evaluations: [
        { option_index: 0, criterion_index: 0, value: 8, explanation: 'cheap' },
        { option_index: 1, criterion_index: 1, value: 9 },
      ],
    });
    const response = await api.details(owner, decision.id);
    expect(response.statusCode).toBe(200);
    const details = response.json<DecisionDetails>();
    expect(Object.keys(details).sort()).toEqual(Object.keys(decisionDetailsSchema.shape).sort());
    expect(decisionDetailsSchema.safeParse(details).success).toBe(true);

    expect(details.decision).toEqual(decision);
    expect(details.options).toEqual([
      { id: optionIds[0], decision_id: decision.id, name: 'Alpha' },
      { id: optionIds[1], decision_id: decision.id, name: 'Beta' },
    ]);
    expect(details.criteria).toEqual([
      {
        id: criterionIds[0],
        decision_id: decision.id,
        name: 'Price',
        importance: 60,
        minimum: null,
        anchors: null,
        ...SCORE_CRITERION,
      },
      {
        id: criterionIds[1],
        decision_id: decision.id,
        name: 'Comfort',
        importance: 40,
        minimum: null,
        anchors: null,
        ...SCORE_CRITERION,
      },
    ]);
    expect(details.evaluations).toEqual([
      {
        option_id: optionIds[0],
        criterion_id: criterionIds[0],
        value: 8,
        explanation: 'cheap',
        user_id: owner.user.id,
        generated_by: 'user',
        measure: null,
        ai_value: null,
        ai_explanation: null,
      },
      {
        option_id: optionIds[1],
        criterion_id: criterionIds[1],
        value: 9,
        explanation: null,
        user_id: owner.user.id,
        generated_by: 'user',
        measure: null,
        ai_value: null,
        ai_explanation: null,
      },
    ]);
    expect(details).toMatchObject({ userRole: 'owner', timer: null, weightsByUser: {}, teamMembers: [] });
    // Alpha 8×0.6 = 4.8, Beta 9×0.4 = 3.6 (missing cells count 0): provisional, nothing leads yet.
    expect(details.results.ranking).toEqual([
      { option_id: optionIds[0], total: 4.8, rank: 1, is_top: false, knocked_out: false },
      { option_id: optionIds[1], total: 3.6, rank: 2, is_top: false, knocked_out: false },
    ]);
    expect(details.results).toMatchObject({
      complete: false,
      missing_cells: 2,
      no_result_reason: 'missing_cells',
    });
    expect(details.decision.score).toBeNull();
    expect(details.results.formula).toMatch(/value × importance \/ Σ importance/);
    expect(details.abilities).toEqual({
      canEdit: true,
      canDelete: true,
      canVote: true,
      canWeight: false,
      canInvite: false,
      canComment: true,
      canManageMembers: false,
      canManageDeadline: false,
      canActivate: false,
      canStartAi: false,
      canRemind: false,
      canDecide: true,
      canAskAiOpinion: false,
      canSubmitVote: false,
      canReopenVotes: false,
    });
  });

  it('totals are Σ value × importance / Σ importance (here 100) rounded to 2 decimals; a missing cell counts 0 until filled, and nothing leads before', async () => {
    const { decision, optionIds } = await createDecision(app, owner, {
      options: ['A', 'B', 'C'],
      criteria: [
        { name: 'X', importance: 33.333 },
        { name: 'Y', importance: 66.667 },
      ],
      evaluations: [
        // A: 10 × 0.33333 = 3.3333, Y missing
        { option_index: 0, criterion_index: 0, value: 10 },
        // B: 7 × 0.33333 + 1 × 0.66667 = 2.99998
        { option_index: 1, criterion_index: 0, value: 7 },
        { option_index: 1, criterion_index: 1, value: 1 },
        // C: nothing at all
      ],
    });
    const details = await detailsOf(owner, decision.id);
    expect(details.results.ranking).toEqual([
      { option_id: optionIds[0], total: 3.33, rank: 1, is_top: false, knocked_out: false },
      { option_id: optionIds[1], total: 3, rank: 2, is_top: false, knocked_out: false },
      { option_id: optionIds[2], total: 0, rank: 3, is_top: false, knocked_out: false },
    ]);
    expect(details.results).toMatchObject({ complete: false, missing_cells: 3 });
    expect(details.decision.score).toBeNull();
    expect(
      (await api.list(owner)).json<DecisionListItem[]>().find((item) => item.id === decision.id),
    ).toMatchObject({ score: null, leading_option: null });

    // The last three cells: A 10 × 0.33333 + 1 × 0.66667 = 4; C 1 → 1.
    const filled = await api.evaluate(owner, decision.id, {
      evaluations: [
        { option_id: optionIds[0], criterion_id: details.criteria[1]!.id, value: 1 },
        { option_id: optionIds[2], criterion_id: details.criteria[0]!.id, value: 1 },
        { option_id: optionIds[2], criterion_id: details.criteria[1]!.id, value: 1 },
      ],
    });
    expect(filled.statusCode).toBe(200);
    const complete = await detailsOf(owner, decision.id);
    expect(complete.results).toMatchObject({ complete: true, missing_cells: 0, no_result_reason: null });
    expect(complete.results.ranking[0]).toEqual({
      option_id: optionIds[0],
      total: 4,
      rank: 1,
      is_top: true,
      knocked_out: false,
    });
    expect(complete.decision.score).toBe(4);
    expect(
      (await api.list(owner)).json<DecisionListItem[]>().find((item) => item.id === decision.id),
    ).toMatchObject({ score: 4, leading_option: { id: optionIds[0], name: 'A', total: 4 } });
  });
});

describe('GET /api/decision/{id}/details: ties, readers and team members', () => {
  let owner: SignedInUser;
  let reader: SignedInUser;
  beforeAll(async () => {
    [owner, reader] = await Promise.all([createSignedInUser(app), createSignedInUser(app)]);
  });

  it('ties share the top: every option with the highest total is top', async () => {
    const { decision, optionIds } = await createDecision(app, owner, {
      options: ['A', 'B', 'C'],
      criteria: [
        { name: 'X', importance: 50 },
        { name: 'Y', importance: 50 },
      ],
      evaluations: [
        { option_index: 0, criterion_index: 0, value: 8 },
        { option_index: 0, criterion_index: 1, value: 6 },
        { option_index: 1, criterion_index: 0, value: 6 },
        { option_index: 1, criterion_index: 1, value: 8 },
        { option_index: 2, criterion_index: 0, value: 10 },
        { option_index: 2, criterion_index: 1, value: 1 },
      ],
    });
    const details = await detailsOf(owner, decision.id);
    expect(details.results.ranking).toEqual([
      { option_id: optionIds[0], total: 7, rank: 1, is_top: true, knocked_out: false },
      { option_id: optionIds[1], total: 7, rank: 1, is_top: true, knocked_out: false },
      { option_id: optionIds[2], total: 5.5, rank: 3, is_top: false, knocked_out: false },
    ]);
    expect(details.decision.score).toBe(7);
  });

  it('a signed-in reader of a public decision sees it as reader: may comment, nothing else', async () => {
    const { decision } = await createDecision(app, owner, { type: 'public' });
    const details = await detailsOf(reader, decision.id);
    expect(details.userRole).toBe('reader');
    expect(details.evaluations).toHaveLength(4);
    expect(details.abilities).toEqual({
      canEdit: false,
      canDelete: false,
      canVote: false,
      canWeight: false,
      canInvite: false,
      canComment: true,
      canManageMembers: false,
      canManageDeadline: false,
      canActivate: false,
      canStartAi: false,
      canRemind: false,
      canDecide: false,
      canAskAiOpinion: false,
      canSubmitVote: false,
      canReopenVotes: false,
    });
  });

  it('repeated reads stay per reader and follow every write (the body is reused per revision)', async () => {
    const { decision, optionIds, criterionIds } = await createDecision(app, owner, { type: 'public' });
    const [ownerBefore, readerBefore] = [
      await detailsOf(owner, decision.id),
      await detailsOf(reader, decision.id),
    ];
    expect([ownerBefore.userRole, readerBefore.userRole]).toEqual(['owner', 'reader']);
    expect([ownerBefore.abilities.canEdit, readerBefore.abilities.canEdit]).toEqual([true, false]);

    const renamed = await api.update(owner, decision.id, { name: 'Renamed after reading' });
    expect(renamed.statusCode).toBe(200);
    const evaluated = await api.evaluate(owner, decision.id, {
      evaluations: [{ option_id: optionIds[0], criterion_id: criterionIds[0], value: 2, explanation: null }],
    });
    expect(evaluated.statusCode).toBe(200);

    for (const [caller, role] of [
      [owner, 'owner'],
      [reader, 'reader'],
    ] as const) {
      const after = await detailsOf(caller, decision.id);
      expect(after.userRole).toBe(role);
      expect(after.decision.name).toBe('Renamed after reading');
      expect(
        after.evaluations.find((e) => e.option_id === optionIds[0] && e.criterion_id === criterionIds[0])
          ?.value,
      ).toBe(2);
    }
  });

  it('a team member sees the team decision with their role, the members and locks as abilities', async () => {
    const boss = await createSignedInUser(app);
    const { decision } = await insertTeamDecision(app, {
      ownerId: boss.user.id,
      timer: new Date(Date.now() - 60_000).toISOString(),
      members: [{ userId: reader.user.id, role: 'editor' }],
    });
    const details = await detailsOf(reader, decision.id);
    expect(details.userRole).toBe('editor');
    expect(details.timer).not.toBeNull();
    // The owner leads the team list, then the accepted members.
    expect(details.teamMembers).toEqual([
      expect.objectContaining({ user_id: boss.user.id, role: 'owner', accepted: true }),
      expect.objectContaining({
        user_id: reader.user.id,
        accepted: true,
        role: 'editor',
        email: reader.email,
        has_voted: false,
      }),
    ]);
    // Expired: voting and weighting are off, commenting stays.
    expect(details.abilities).toMatchObject({
      canVote: false,
      canWeight: false,
      canComment: true,
      canEdit: false,
    });
  });
  it('team members show their current nickname, also after it changed', async () => {
    const [boss, member] = await Promise.all([createSignedInUser(app), createSignedInUser(app)]);
    const { decision } = await insertTeamDecision(app, {
      ownerId: boss.user.id,
      members: [{ userId: member.user.id, role: 'editor' }],
    });
    await setNickname(app, member, 'Before');
    const first = await detailsOf(boss, decision.id);
    const memberRow = (details: typeof first) =>
      details.teamMembers.filter((m) => m.user_id === member.user.id);
    expect(memberRow(first).map((m) => [m.nickname, m.users.nickname])).toEqual([['Before', 'Before']]);

    await setNickname(app, member, 'After');
    const second = await detailsOf(boss, decision.id);
    expect(memberRow(second).map((m) => [m.nickname, m.users.nickname])).toEqual([['After', 'After']]);
  });
});

describe('GET /api/decision/{id}/type', () => {
  it('answers exactly { is_team } for personal and team decisions', async () => {
    const owner = await createSignedInUser(app);
    const { decision } = await createDecision(app, owner);
    const personal = await api.type(owner, decision.id);
    expect(personal.statusCode).toBe(200);
    expect(personal.json()).toEqual({ is_team: false });

    const team = await insertTeamDecision(app, { ownerId: owner.user.id });
    expect((await api.type(owner, team.decision.id)).json()).toEqual({ is_team: true });
  });

  it('a team member may ask, a non-member gets 404', async () => {
    const [boss, member, outsider] = await Promise.all([
      createSignedInUser(app),
      createSignedInUser(app),
      createSignedInUser(app),
    ]);
    const team = await insertTeamDecision(app, {
      ownerId: boss.user.id,
      members: [{ userId: member.user.id, role: 'viewer' }],
    });
    expect((await api.type(member, team.decision.id)).json()).toEqual({ is_team: true });
    expectApiError(await api.type(outsider, team.decision.id), 404, 'NOT_FOUND');
  });
});

describe('DELETE /api/decision/{id}', () => {
  it('the owner deletes the decision with its options, criteria, values and comments', async () => {
    const [owner, reader] = await Promise.all([createSignedInUser(app), createSignedInUser(app)]);
    const doomed = await createDecision(app, owner, { type: 'public' });
    const kept = await createDecision(app, owner, { name: 'Kept' });
    await createComment(app, owner, doomed.decision.id);
    await createComment(app, reader, doomed.decision.id);
    const keptComment = await createComment(app, owner, kept.decision.id);
    const before = await snapshotAllTables(app);

    const response = await api.remove(owner, doomed.decision.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: en.api.decisionDeleted });

    const db = app.database.db;
    const id = doomed.decision.id;
    expect(await db.selectFrom('decisions').select('id').where('id', '=', id).execute()).toEqual([]);
    for (const table of ['options', 'criteria', 'evaluations', 'comments'] as const) {
      expect(await db.selectFrom(table).select('id').where('decision_id', '=', id).execute(), table).toEqual(
        [],
      );
    }
    // Nothing else was touched.
    const after = await snapshotAllTables(app);
    const withoutDoomed = (rows: unknown[], key: 'id' | 'decision_id') =>
      rows.filter((row) => (row as Record<string, unknown>)[key] !== id);
    expect(after.decisions).toEqual(withoutDoomed(before.decisions, 'id'));
    for (const table of ['options', 'criteria', 'evaluations', 'comments'] as const) {
      expect(after[table]).toEqual(withoutDoomed(before[table], 'decision_id'));
    }
    expectApiError(await api.details(owner, id), 404, 'NOT_FOUND');
    expect((await api.listComments(owner, kept.decision.id)).json()).toEqual([
      expect.objectContaining({ id: keptComment.id }),
    ]);
    expect((await listOf(owner)).map((item) => item.id)).toEqual([kept.decision.id]);
  });

  it('answers in German with Accept-Language: de', async () => {
    const owner = await createSignedInUser(app);
    const { decision } = await createDecision(app, owner);
    const response = await api.remove(owner, decision.id, { 'accept-language': 'de' });
    expect(response.json()).toEqual({ message: 'Entscheidung gelöscht.' });
    expect(de.api.decisionDeleted).toBe('Entscheidung gelöscht.');
  });

  it('only the owner deletes a team decision; an admin gets 403', async () => {
    const [boss, admin] = await Promise.all([createSignedInUser(app), createSignedInUser(app)]);
    const team = await insertTeamDecision(app, {
      ownerId: boss.user.id,
      members: [{ userId: admin.user.id, role: 'admin' }],
    });
    expectApiError(
      await expectNothingChanged(app, () => api.remove(admin, team.decision.id)),
      403,
      'FORBIDDEN',
    );
    expect((await api.remove(boss, team.decision.id)).statusCode).toBe(200);
  });
});

describe('POST /api/decision/{id}/evaluate', () => {
  let owner: SignedInUser;
  beforeAll(async () => {
    owner = await createSignedInUser(app);
  });

  it('upserts only the given cells and answers the new score, also shown in the list', async () => {
    // Alpha: Price 8, Comfort 5 → 6.8; Beta: Price 6, Comfort 9 → 7.2
    const { decision, optionIds, criterionIds } = await createDecision(app, owner, {
      evaluations: [
        { option_index: 0, criterion_index: 0, value: 8 },
        { option_index: 0, criterion_index: 1, value: 5 },
        { option_index: 1, criterion_index: 0, value: 6 },
      ],
    });
    const [alpha, beta] = optionIds as [number, number];
    const [price, comfort] = criterionIds as [number, number];

    const response = await api.evaluate(owner, decision.id, {
      evaluations: [
        { option_id: alpha, criterion_id: price, value: 1, explanation: ' too pricey ' },
        { option_id: beta, criterion_id: comfort, value: 10 },
      ],
    });
    expect(response.statusCode).toBe(200);
    // Alpha 1×0.6 + 5×0.4 = 2.6; Beta 6×0.6 + 10×0.4 = 7.6
    expect(response.json()).toEqual({ message: en.api.evaluationsSaved, score: 7.6 });

    const details = await detailsOf(owner, decision.id);
    expect(cellsByName(details)).toEqual([
      ['Alpha', 'Comfort', 5],
      ['Alpha', 'Price', 1],
      ['Beta', 'Comfort', 10],
      ['Beta', 'Price', 6],
    ]);
    expect(
      details.evaluations.find((e) => e.option_id === alpha && e.criterion_id === price)?.explanation,
    ).toBe('too pricey');
    expect(details.decision.score).toBe(7.6);
    expect((await listOf(owner)).find((item) => item.id === decision.id)?.score).toBe(7.6);
  });

  it('an empty list keeps every value and the score', async () => {
    const { decision } = await createDecision(app, owner);
    const before = await snapshotAllTables(app);
    const response = await api.evaluate(owner, decision.id, { evaluations: [] });
    expect(response.json()).toEqual({ message: en.api.evaluationsSaved, score: 7.2 });
    const after = await snapshotAllTables(app);
    for (const table of ['options', 'criteria', 'evaluations', 'comments'] as const) {
      expect(after[table], table).toEqual(before[table]);
    }
  });

  describe('refusals', () => {
    let decisionId: number;
    let foreign: CreatedDecision;
    /** A valid cell of the decision, which each row varies. */
    let good: { option_id: number; criterion_id: number; value: number };
    let second: number;
    beforeAll(async () => {
      const created = await createDecision(app, owner);
      decisionId = created.decision.id;
      second = created.criterionIds[1]!;
      foreign = await createDecision(app, owner, { name: 'Foreign' });
      good = { option_id: created.optionIds[0]!, criterion_id: created.criterionIds[0]!, value: 3 };
    });

    it.each<[string, () => Record<string, unknown>, Record<string, string>]>([
      [
        'a value above 10 beside a good cell',
        () => ({ evaluations: [good, { ...good, criterion_id: second, value: 11 }] }),
        { 'evaluations.1.value': en.validation.valueRange },
      ],
      [
        'a value below 1',
        () => ({ evaluations: [{ ...good, value: -1 }] }),
        { 'evaluations.0.value': en.validation.valueRange },
      ],
      // A personal decision is scored 1–10: the 0 of a team vote is off its scale.
      [
        'the 0 of a team vote',
        () => ({ evaluations: [good, { ...good, criterion_id: second, value: 0 }] }),
        { 'evaluations.1.value': en.validation.valueRange },
      ],
      [
        'a non-integer value',
        () => ({ evaluations: [{ ...good, value: 7.5 }] }),
        { 'evaluations.0.value': en.validation.integer },
      ],
      [
        'an option of another decision',
        () => ({ evaluations: [good, { ...good, option_id: foreign.optionIds[0] }] }),
        { 'evaluations.1.option_id': en.validation.unknownOption },
      ],
      [
        'a criterion of another decision',
        () => ({ evaluations: [{ ...good, criterion_id: foreign.criterionIds[1] }] }),
        { 'evaluations.0.criterion_id': en.validation.unknownCriterion },
      ],
      [
        'a repeated cell',
        () => ({ evaluations: [good, { ...good, value: 4 }] }),
        { 'evaluations.1': en.validation.duplicateCell },
      ],
    ])('refuses %s (400 with the field’s message), changing nothing', async (_case, payload, fields) => {
      const response = await expectNothingChanged(app, () => api.evaluate(owner, decisionId, payload()));
      const body = expectApiError(response, 400, 'VALIDATION_FAILED', { fields: Object.keys(fields) });
      expect(body.fields).toEqual(fields);
      expect(await evaluationCountFor(foreign.optionIds[0]!)).toBe(2);
    });

    it('refuses a body without the evaluations list', async () => {
      const response = await expectNothingChanged(app, () => api.evaluate(owner, decisionId, {}));
      expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['evaluations'] });
    });
  });
});

type Lock = 'deadline passed' | 'completed by AI';

/** A team decision of `boss` with `editor` as editor, locked as told. */
async function lockedTeamDecision(boss: SignedInUser, editor: SignedInUser, lock: Lock) {
  const team = await insertTeamDecision(app, {
    ownerId: boss.user.id,
    timer: lock === 'deadline passed' ? new Date(Date.now() - 60_000).toISOString() : undefined,
    members: [{ userId: editor.user.id, role: 'editor' }],
  });
  if (lock === 'completed by AI') {
    await app.database.db
      .insertInto('evaluations')
      .values({
        decision_id: team.decision.id,
        option_id: team.optionIds[0]!,
        criterion_id: team.criterionIds[0]!,
        user_id: null,
        value: 7,
        explanation: 'AI',
        generated_by: 'ai',
        updated_at: new Date().toISOString(),
      })
      .execute();
    // As every write does, so no cached matrix of an older revision is served.
    await app.database.db
      .updateTable('decisions')
      .set((eb) => ({ revision: eb('revision', '+', 1) }))
      .where('id', '=', team.decision.id)
      .execute();
  }
  return team;
}

describe('team decision locks through the API', () => {
  let boss: SignedInUser;
  let editor: SignedInUser;
  beforeAll(async () => {
    [boss, editor] = await Promise.all([createSignedInUser(app), createSignedInUser(app)]);
  });

  type Locked = Awaited<ReturnType<typeof lockedTeamDecision>>;
  const vote = (team: Locked, optionIndex: number) => ({
    evaluations: [{ option_id: team.optionIds[optionIndex], criterion_id: team.criterionIds[0], value: 5 }],
  });

  it.each<[string, Lock, 409, ErrorCode, (team: Locked) => Promise<LightMyRequestResponse>]>([
    [
      'after the deadline an editor’s vote',
      'deadline passed',
      409,
      'DEADLINE_PASSED',
      (team) => api.evaluate(editor, team.decision.id, vote(team, 0)),
    ],
    [
      'after the deadline the owner’s edit',
      'deadline passed',
      409,
      'DEADLINE_PASSED',
      (team) => api.update(boss, team.decision.id, { name: 'Too late' }),
    ],
    [
      'once an AI value exists, a vote',
      'completed by AI',
      409,
      'COMPLETED_BY_AI',
      (team) => api.evaluate(editor, team.decision.id, vote(team, 1)),
    ],
  ])('%s (%s) gets %i %s and changes nothing', async (_case, lock, status, code, call) => {
    const team = await lockedTeamDecision(boss, editor, lock);
    expectApiError(await expectNothingChanged(app, () => call(team)), status, code);
  });

  it('a vote before the deadline goes through', async () => {
    const team = await insertTeamDecision(app, {
      ownerId: boss.user.id,
      timer: new Date(Date.now() + 3_600_000).toISOString(),
      members: [{ userId: editor.user.id, role: 'editor' }],
    });
    expect((await api.evaluate(editor, team.decision.id, vote(team, 0))).statusCode).toBe(200);
  });
});

// Visibility (DESIGN.md): private → the owner's alone (others 404); public → readable by any signed-in
// user, writable only by the owner (403); anonymous → 401; unknown id → 404; non-numeric id → 400.
describe('visibility of every decision endpoint', () => {
  let owner: SignedInUser;
  let other: SignedInUser;
  beforeAll(async () => {
    [owner, other] = await Promise.all([createSignedInUser(app), createSignedInUser(app)]);
  });

  type Caller = 'owner' | 'other' | 'anonymous';
  type Call = (
    caller: SignedInUser | undefined,
    id: number | string,
    fixture: CreatedDecision,
  ) => Promise<LightMyRequestResponse>;

  // `writes`: the owner's call changes the database; `publicOther`: what another user gets on a public decision.
  const endpoints: Record<string, { call: Call; writes: boolean; publicOther: 200 | 403 }> = {
    'GET details': { call: (c, id) => api.details(c, id), writes: false, publicOther: 200 },
    'GET type': { call: (c, id) => api.type(c, id), writes: false, publicOther: 200 },
    PUT: {
      call: (c, id) => api.update(c, id, { name: 'Taken over', options: ['Mine'], evaluations: [] }),
      writes: true,
      publicOther: 403,
    },
    DELETE: { call: (c, id) => api.remove(c, id), writes: true, publicOther: 403 },
    'POST evaluate': {
      call: (c, id, fx) =>
        api.evaluate(c, id, {
          evaluations: [{ option_id: fx.optionIds[0], criterion_id: fx.criterionIds[0], value: 1 }],
        }),
      writes: true,
      publicOther: 403,
    },
  };

  const cases: [string, 'private' | 'public', Caller][] = [];
  for (const name of Object.keys(endpoints)) {
    for (const type of ['private', 'public'] as const) {
      for (const caller of ['owner', 'other', 'anonymous'] as const) cases.push([name, type, caller]);
    }
  }

  it.each(cases)('%s on a %s decision by %s', async (name, type, caller) => {
    const endpoint = endpoints[name]!;
    const fixture = await createDecision(app, owner, { type });
    await createComment(app, owner, fixture.decision.id);
    const user = caller === 'owner' ? owner : caller === 'other' ? other : undefined;
    const expected =
      caller === 'anonymous'
        ? 401
        : caller === 'owner'
          ? 200
          : type === 'private'
            ? 404
            : endpoint.publicOther;

    if (caller === 'owner' && endpoint.writes) {
      const before = await snapshotAllTables(app);
      const response = await endpoint.call(user, fixture.decision.id, fixture);
      expect(response.statusCode).toBe(200);
      expect(await snapshotAllTables(app)).not.toEqual(before);
      return;
    }
    const response = await expectNothingChanged(app, () => endpoint.call(user, fixture.decision.id, fixture));
    if (expected === 401) expectApiError(response, 401, 'UNAUTHORIZED');
    else if (expected === 404) expectApiError(response, 404, 'NOT_FOUND');
    else if (expected === 403) expectApiError(response, 403, 'FORBIDDEN');
    else expect(response.statusCode).toBe(200);
  });

  it.each(Object.keys(endpoints))(
    '%s with an unknown id → 404, a non-numeric or zero id → 400',
    async (name) => {
      const endpoint = endpoints[name]!;
      const fixture = await createDecision(app, owner);
      const unknown = await expectNothingChanged(app, () => endpoint.call(owner, 987_654, fixture));
      expectApiError(unknown, 404, 'NOT_FOUND');
      for (const id of ['abc', '0', '1.5']) {
        const response = await expectNothingChanged(app, () => endpoint.call(owner, id, fixture));
        expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['id'] });
      }
    },
  );

  it('answers 404 in German with Accept-Language: de', async () => {
    const fixture = await createDecision(app, owner);
    const response = await app.inject({
      method: 'GET',
      url: `/api/decision/${fixture.decision.id}/details`,
      headers: { ...other.headers, 'accept-language': 'de' },
    });
    const body = expectApiError(response, 404, 'NOT_FOUND', { language: 'de' });
    expect(body.error).toBe('Nicht gefunden.');
  });

  it('a 403 is translated too', async () => {
    const fixture = await createDecision(app, owner, { type: 'public' });
    const response = await api.update(
      other,
      fixture.decision.id,
      { name: 'Mine now' },
      { 'accept-language': 'de' },
    );
    expect(expectApiError(response, 403, 'FORBIDDEN', { language: 'de' }).error).toBe(
      'Dazu bist du nicht berechtigt.',
    );
  });
});
