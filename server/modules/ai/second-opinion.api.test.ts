import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { aiOpinionResponseSchema, aiSuggestionsResponseSchema } from '../../../shared/api/ai.ts';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { createDecision, decisionApi } from '../../test/decision-factories.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import { csvRows, csvSection } from '../../test/export-files.ts';
import type { FakeAiServer } from '../../test/fake-ai.ts';
import { useFakeAiApps } from '../../test/fake-ai-apps.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { addMember, createTeamDecision, detailsOf, teamApi } from '../../test/team-factories.ts';

// Issue 18: the AI as a second opinion. Suggestions while setting up, the AI's proposal kept beside a
// personal value the owner changed, and a team decision's AI opinion that never anchors anyone and
// never counts. Everything against the fake OpenAI-compatible server.

const ai = useFakeAiApps();
const { appWith, appWithoutAi } = ai;
let app: FastifyInstance;
let fake: FakeAiServer;
beforeAll(() => {
  ({ app, fake } = ai);
});
const decisions = decisionApi(() => app);
const team = teamApi(() => app);

function suggest(
  caller: SignedInUser,
  payload: unknown,
  target: FastifyInstance = app,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return target.inject({
    method: 'POST',
    url: '/api/ai/suggestions',
    payload: payload as object,
    headers: { ...caller.headers, ...headers },
  });
}

function askOpinion(caller: SignedInUser | undefined, decisionId: number | string, target = app) {
  return target.inject({
    method: 'POST',
    url: `/api/decision/${decisionId}/ai-opinion`,
    headers: caller?.headers,
  });
}

const SETUP = {
  decisionName: 'Which laptop?',
  description: 'For travel and some photo editing',
  options: ['ThinkPad X1', { name: 'MacBook Air' }],
  criteria: [{ name: 'Price', importance: 40 }, 'Weight'],
};

describe('POST /api/ai/suggestions', () => {
  it('answers up to 5 options and criteria with reasons, never one already there', async () => {
    const owner = await createSignedInUser(app);
    const response = await suggest(owner, SETUP);
    expect(response.statusCode, response.body).toBe(200);
    const body = aiSuggestionsResponseSchema.strict().parse(response.json());
    // The fake repeats " THINKPAD X1 " first: trimmed and case-insensitive, it is already there.
    expect(body.options).toEqual([
      { name: 'Suggested option one', reason: 'A common choice in this situation.' },
      { name: 'Suggested option two', reason: 'Cheaper than most alternatives.' },
    ]);
    expect(body.criteria).toEqual([
      { name: 'Suggested criterion one', importance: 30, reason: 'People regret ignoring it later.' },
      { name: 'Suggested criterion two', importance: 20, reason: 'It separates the options well.' },
    ]);
    // The model saw what is there, as data.
    const user = fake.requests[0]!.messages.find((message) => message.role === 'user')!.content;
    expect(user).toContain('MacBook Air');
    expect(user).toContain('Weight');
    expect(fake.requests[0]!.response_format?.json_schema?.name).toBe('suggestions');
  });

  it('keeps at most 5 of each, drops repeats among the suggestions and tidies names, importances and reasons', async () => {
    const owner = await createSignedInUser(app);
    const many = (prefix: string) =>
      Array.from({ length: 8 }, (_, index) => ({
        name: `${prefix} ${index + 1}`,
        reason: 'Because.',
        importance: 250,
      }));
    fake.script({
      kind: 'json',
      content: {
        options: [
          { name: 'weight', reason: 'An option may share a criterion’s name.' },
          { name: '  ', reason: 'empty' },
          ...many('Option'),
        ],
        criteria: [
          { name: 'PRICE', importance: 10, reason: 'already there' },
          { name: 'Battery life', importance: 12.6, reason: 'Line one.\nLine two.' },
          { name: 'battery LIFE', importance: 50, reason: 'repeat' },
          ...many('Criterion'),
        ],
      },
    });
    const body = aiSuggestionsResponseSchema.parse((await suggest(owner, SETUP)).json());
    expect(body.options.map((option) => option.name)).toEqual([
      'weight',
      'Option 1',
      'Option 2',
      'Option 3',
      'Option 4',
    ]);
    expect(body.criteria.map((criterion) => criterion.name)).toEqual([
      'Battery life',
      'Criterion 1',
      'Criterion 2',
      'Criterion 3',
      'Criterion 4',
    ]);
    expect(body.criteria[0]).toEqual({ name: 'Battery life', importance: 13, reason: 'Line one. Line two.' });
    expect(body.criteria[1]!.importance).toBe(100);
  });

  it('asks for reasons in the caller’s language', async () => {
    const owner = await createSignedInUser(app);
    expect((await suggest(owner, SETUP, app, { 'accept-language': 'de' })).statusCode).toBe(200);
    expect(fake.requests[0]!.messages.find((message) => message.role === 'system')!.content).toContain(
      'in German',
    );
  });

  it('retries a malformed answer once, then gives up with AI_INVALID_OUTPUT', async () => {
    const owner = await createSignedInUser(app);
    fake.script({ kind: 'text', content: '{"options": [' }, { kind: 'good' });
    expect((await suggest(owner, SETUP)).statusCode).toBe(200);
    expect(fake.requests).toHaveLength(2);
    fake.reset();
    fake.script({ kind: 'text', content: 'no json' }, { kind: 'json', content: { options: 'none' } });
    expectApiError(await suggest(owner, SETUP), 502, 'AI_INVALID_OUTPUT');
    expect(fake.requests).toHaveLength(2);
  });

  it('needs a title; lists are optional; refuses anonymous callers', async () => {
    const owner = await createSignedInUser(app);
    expectApiError(await suggest(owner, { ...SETUP, decisionName: ' ' }), 400, 'VALIDATION_FAILED', {
      fields: ['decisionName'],
    });
    expect((await suggest(owner, { decisionName: 'A new bike' })).statusCode).toBe(200);
    const anonymous = await app.inject({ method: 'POST', url: '/api/ai/suggestions', payload: SETUP });
    expectApiError(anonymous, 401, 'UNAUTHORIZED');
    expect(fake.requests).toHaveLength(1);
  });

  it('shares the AI limits (429) and answers 503 without a provider', async () => {
    const limited = await appWith({ ratePerMinute: 1 });
    const user = await createSignedInUser(limited.app);
    expect((await suggest(user, SETUP, limited.app)).statusCode).toBe(200);
    expectApiError(await suggest(user, SETUP, limited.app), 429, 'AI_RATE_LIMITED');
    const bare = await appWithoutAi();
    const someone = await createSignedInUser(bare.app);
    expectApiError(await suggest(someone, SETUP, bare.app), 503, 'AI_NOT_CONFIGURED');
  });
});

describe('personal AI mode: the AI’s proposal stays beside a changed value', () => {
  const cells = (details: DecisionDetails) =>
    details.evaluations.map(({ value, ai_value, ai_explanation }) => ({ value, ai_value, ai_explanation }));

  it('keeps ai_value and ai_explanation through edits that do not send them, and shows them in the CSV', async () => {
    const owner = await createSignedInUser(app);
    const { decision, details } = await createDecision(app, owner, {
      mode: 'ai',
      evaluations: [
        {
          option_index: 0,
          criterion_index: 0,
          value: 7,
          explanation: 'Cheap',
          ai_value: 7,
          ai_explanation: 'Cheap',
        },
        { option_index: 1, criterion_index: 0, value: 4, explanation: null },
      ],
    });
    expect(cells(details)).toEqual([
      { value: 7, ai_value: 7, ai_explanation: 'Cheap' },
      { value: 4, ai_value: null, ai_explanation: null },
    ]);
    // The owner changes the AI's 7 to 5 on the edit page, which sends values only.
    const edited = await decisions.update(owner, decision.id, {
      name: decision.name,
      evaluations: [
        { option_index: 0, criterion_index: 0, value: 5, explanation: null },
        { option_index: 1, criterion_index: 0, value: 4, explanation: null },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const afterEdit = (await decisions.details(owner, decision.id)).json<DecisionDetails>();
    expect(cells(afterEdit)[0]).toEqual({ value: 5, ai_value: 7, ai_explanation: 'Cheap' });
    // The owner's 5 is what counts: Alpha 5 × 60 / 100.
    expect(afterEdit.results.ranking.find((entry) => entry.option_id === details.options[0]!.id)?.total).toBe(
      3,
    );
    // The older evaluate endpoint keeps it too.
    const evaluated = await decisions.evaluate(owner, decision.id, {
      evaluations: [{ option_id: details.options[0]!.id, criterion_id: details.criteria[0]!.id, value: 6 }],
    });
    expect(evaluated.statusCode, evaluated.body).toBe(200);
    const afterEvaluate = (await decisions.details(owner, decision.id)).json<DecisionDetails>();
    expect(afterEvaluate.evaluations.find((cell) => cell.option_id === details.options[0]!.id)).toMatchObject(
      {
        value: 6,
        ai_value: 7,
        ai_explanation: 'Cheap',
      },
    );

    const csv = csvRows(
      await app.inject({
        method: 'GET',
        url: `/api/decision/${decision.id}/export.csv`,
        headers: owner.headers,
      }),
    );
    expect(csvSection(csv, "Values changed from the AI's proposal")).toEqual([
      ["Values changed from the AI's proposal"],
      ['Option', 'Criterion', 'Value', 'AI value', 'AI reason'],
      ['Alpha', 'Price', '6', '7', 'Cheap'],
    ]);
  });

  it('null clears the proposal; off-scale proposals are refused, changing nothing', async () => {
    const owner = await createSignedInUser(app);
    const { decision } = await createDecision(app, owner, {
      evaluations: [{ option_index: 0, criterion_index: 0, value: 7, ai_value: 8, ai_explanation: 'x' }],
    });
    for (const ai_value of [0, 11, 2.5]) {
      const response = await expectNothingChanged(app, () =>
        decisions.update(owner, decision.id, {
          name: decision.name,
          evaluations: [{ option_index: 0, criterion_index: 0, value: 7, ai_value }],
        }),
      );
      expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['evaluations.0.ai_value'] });
    }
    await decisions.update(owner, decision.id, {
      name: decision.name,
      evaluations: [{ option_index: 0, criterion_index: 0, value: 7, ai_value: null }],
    });
    const details = (await decisions.details(owner, decision.id)).json<DecisionDetails>();
    expect(details.evaluations[0]).toMatchObject({ ai_value: null, ai_explanation: null });
  });

  it('team votes never carry an AI proposal', async () => {
    const owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner);
    const response = await team.evaluate(owner, created.decision.id, [
      { option_id: created.optionIds[0], criterion_id: created.criterionIds[0], value: 6, ai_value: 9 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const details = await detailsOf(app, owner, created.decision.id);
    expect(details.evaluations[0]).toMatchObject({ value: 6, ai_value: null });
  });
});

const vote = (option_id: number, criterion_id: number, value: number) => ({
  option_id,
  criterion_id,
  value,
});

async function teamWithRoles(overrides: Parameters<typeof createTeamDecision>[2] = {}) {
  const owner = await createSignedInUser(app);
  const created = await createTeamDecision(app, owner, {
    criteria: [
      { name: 'Cost', importance: 60, anchors: { low: 'ruinous', high: 'free' } },
      { name: 'Weather', importance: 40 },
    ],
    ...overrides,
  });
  const id = created.decision.id;
  const admin = await addMember(app, owner, id, 'admin');
  const editor = await addMember(app, owner, id, 'editor');
  const viewer = await addMember(app, owner, id, 'viewer');
  const fullVote = (values: [number, number, number, number]) =>
    created.optionIds.flatMap((optionId, o) =>
      created.criterionIds.map((criterionId, c) => vote(optionId, criterionId, values[o * 2 + c]!)),
    );
  return { ...created, id, owner, admin, editor, viewer, fullVote };
}

const opinionOf = async (caller: SignedInUser, id: number) => (await detailsOf(app, caller, id)).aiOpinion;

describe('POST /api/decision/{id}/ai-opinion: storing and showing it', () => {
  it('stores the model’s value per cell apart from the votes: no result, lock or completion changes', async () => {
    const fixture = await teamWithRoles();
    expect((await team.evaluate(fixture.editor, fixture.id, fixture.fullVote([8, 6, 3, 4]))).statusCode).toBe(
      200,
    );
    const before = await detailsOf(app, fixture.editor, fixture.id);

    const response = await askOpinion(fixture.admin, fixture.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = aiOpinionResponseSchema.strict().parse(response.json());
    expect(body.scored).toBe(4);
    // The admin has not voted: the answer does not show it to them either.
    expect(body.aiOpinion).toBeNull();
    // The model got the matrix with the anchors, on the team's 0–10 scale.
    const system = fake.requests[0]!.messages.find((message) => message.role === 'system')!.content;
    expect(system).toContain('from 0 (poor) to 10 (excellent)');
    expect(fake.requests[0]!.messages.find((message) => message.role === 'user')!.content).toContain(
      'ruinous',
    );

    const after = await detailsOf(app, fixture.editor, fixture.id);
    expect(after.results).toEqual(before.results);
    expect(after.teamResults).toEqual(before.teamResults);
    expect(after.decision.score).toBe(before.decision.score);
    expect(after).toMatchObject({ lock: null, status: before.status, decision: { mode: 'manual' } });
    expect(after.abilities.canVote).toBe(true);
    expect(after.evaluations.every((evaluation) => evaluation.generated_by === 'user')).toBe(true);
    // The fake scores 1 + (option + criterion) mod 10 with a reason per cell.
    expect(after.aiOpinion?.cells).toEqual(
      fixture.optionIds.flatMap((optionId, o) =>
        fixture.criterionIds.map((criterionId, c) => ({
          option_id: optionId,
          criterion_id: criterionId,
          value: 1 + o + c,
          explanation: expect.stringMatching(/fits/) as unknown as string,
        })),
      ),
    );
    // Still voting: editors may vote on, nothing is completed by the AI.
    expect(
      (
        await team.evaluate(fixture.editor, fixture.id, [
          vote(fixture.optionIds[0]!, fixture.criterionIds[0]!, 2),
        ])
      ).statusCode,
    ).toBe(200);
  });

  it('shows it to a voter only once their own vote is complete, to viewers once voting ended', async () => {
    const fixture = await teamWithRoles();
    expect((await askOpinion(fixture.owner, fixture.id)).statusCode).toBe(200);
    for (const caller of [fixture.owner, fixture.admin, fixture.editor, fixture.viewer]) {
      expect(await opinionOf(caller, fixture.id)).toBeNull();
    }
    // A partial vote is not enough.
    await team.evaluate(fixture.editor, fixture.id, [
      vote(fixture.optionIds[0]!, fixture.criterionIds[0]!, 5),
    ]);
    expect(await opinionOf(fixture.editor, fixture.id)).toBeNull();
    await team.evaluate(fixture.editor, fixture.id, fixture.fullVote([5, 5, 5, 5]));
    expect((await opinionOf(fixture.editor, fixture.id))?.cells).toHaveLength(4);
    expect(await opinionOf(fixture.viewer, fixture.id)).toBeNull();
    expect(await opinionOf(fixture.owner, fixture.id)).toBeNull();
    expect((await team.endVoting(fixture.owner, fixture.id)).statusCode).toBe(200);
    for (const caller of [fixture.owner, fixture.admin, fixture.editor, fixture.viewer]) {
      expect((await opinionOf(caller, fixture.id))?.cells).toHaveLength(4);
    }
  });

  it('follows blind voting: hidden while the caller may not see results, even with a complete vote', async () => {
    const fixture = await teamWithRoles({ results_visibility: 'after_close' });
    await askOpinion(fixture.owner, fixture.id);
    await team.evaluate(fixture.editor, fixture.id, fixture.fullVote([5, 5, 5, 5]));
    expect(await opinionOf(fixture.editor, fixture.id)).toBeNull();
    await team.endVoting(fixture.owner, fixture.id);
    expect(await opinionOf(fixture.editor, fixture.id)).not.toBeNull();
  });

  it('after_vote: a complete but unsubmitted vote sees no opinion; submitted it does, reopened not again', async () => {
    const fixture = await teamWithRoles({ results_visibility: 'after_vote' });
    await askOpinion(fixture.owner, fixture.id);
    await team.evaluate(fixture.editor, fixture.id, fixture.fullVote([5, 5, 5, 5]));
    expect(await opinionOf(fixture.editor, fixture.id)).toBeNull();
    expect((await team.submitVote(fixture.editor, fixture.id)).statusCode).toBe(200);
    expect((await opinionOf(fixture.editor, fixture.id))?.cells).toHaveLength(4);
    expect((await team.reopenVote(fixture.owner, fixture.id, fixture.editor.user.id)).statusCode).toBe(200);
    expect(await opinionOf(fixture.editor, fixture.id)).toBeNull();
  });

  it('a new run replaces the previous one', async () => {
    const fixture = await teamWithRoles();
    await askOpinion(fixture.owner, fixture.id);
    fake.script({
      kind: 'json',
      content: {
        recommendations: [
          { option_index: 1, bewertungen: [{ criterion_index: 1, value: 9, explanation: 'Sunny.' }] },
        ],
      },
    });
    const second = aiOpinionResponseSchema.parse((await askOpinion(fixture.owner, fixture.id)).json());
    expect(second.scored).toBe(1);
    await team.endVoting(fixture.owner, fixture.id);
    expect((await opinionOf(fixture.viewer, fixture.id))?.cells).toEqual([
      {
        option_id: fixture.optionIds[1],
        criterion_id: fixture.criterionIds[1],
        value: 9,
        explanation: 'Sunny.',
      },
    ]);
  });
});

describe('POST /api/decision/{id}/ai-opinion: after voting, refusals and limits', () => {
  it('after voting ended it still works (it changes no result)', async () => {
    const fixture = await teamWithRoles();
    await team.endVoting(fixture.owner, fixture.id);
    expect((await askOpinion(fixture.owner, fixture.id)).statusCode).toBe(200);
    const details = await detailsOf(app, fixture.viewer, fixture.id);
    expect(details.aiOpinion?.cells).toHaveLength(4);
    expect(details.lock).toBe('deadline');
  });

  it('refuses editors, viewers (403), outsiders (404), AI mode and empty matrices (409), changing nothing', async () => {
    const fixture = await teamWithRoles();
    const stranger = await createSignedInUser(app);
    for (const [caller, status, code] of [
      [fixture.editor, 403, 'FORBIDDEN'],
      [fixture.viewer, 403, 'FORBIDDEN'],
      [stranger, 404, 'NOT_FOUND'],
    ] as const) {
      const response = await expectNothingChanged(app, () => askOpinion(caller, fixture.id));
      expectApiError(response, status, code);
    }
    expectApiError(await askOpinion(undefined, fixture.id), 401, 'UNAUTHORIZED');
    const personal = await createDecision(app, fixture.owner);
    expectApiError(await askOpinion(fixture.owner, personal.decision.id), 403, 'FORBIDDEN');

    const aiMode = await teamWithRoles({ mode: 'ai' });
    const refused = await expectNothingChanged(app, () => askOpinion(aiMode.owner, aiMode.id));
    expectApiError(refused, 409, 'AI_OPINION_MANUAL_ONLY');
    expect((await detailsOf(app, aiMode.owner, aiMode.id)).abilities.canAskAiOpinion).toBe(false);
    expect((await detailsOf(app, fixture.owner, fixture.id)).abilities.canAskAiOpinion).toBe(true);
    expect((await detailsOf(app, fixture.editor, fixture.id)).abilities.canAskAiOpinion).toBe(false);

    const empty = await teamWithRoles({ options: [] });
    expectApiError(
      await expectNothingChanged(app, () => askOpinion(empty.owner, empty.id)),
      409,
      'NOTHING_TO_SCORE',
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('counts against the caller’s AI limits, answers 503 without a provider, and survives a bad answer', async () => {
    const limited = await appWith({ ratePerMinute: 1 });
    const owner = await createSignedInUser(limited.app);
    const created = await createTeamDecision(limited.app, owner);
    expect((await askOpinion(owner, created.decision.id, limited.app)).statusCode).toBe(200);
    expectApiError(await askOpinion(owner, created.decision.id, limited.app), 429, 'AI_RATE_LIMITED');

    const bare = await appWithoutAi();
    const someone = await createSignedInUser(bare.app);
    const offline = await createTeamDecision(bare.app, someone);
    expectApiError(await askOpinion(someone, offline.decision.id, bare.app), 503, 'AI_NOT_CONFIGURED');

    const fixture = await teamWithRoles();
    fake.reset();
    fake.script({ kind: 'text', content: 'nope' }, { kind: 'text', content: 'still nope' });
    const failed = await expectNothingChanged(app, () => askOpinion(fixture.owner, fixture.id), {
      except: ['ai_usage'],
    });
    expectApiError(failed, 502, 'AI_INVALID_OUTPUT');
  });
});
