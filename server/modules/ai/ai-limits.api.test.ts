import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../test/api-errors.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import type { FakeAiServer } from '../../test/fake-ai.ts';
import { useFakeAiApps } from '../../test/fake-ai-apps.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { createTeamDecision } from '../../test/team-factories.ts';

// Issue 27: AI calls need a confirmed address, the installation has a daily budget (AI_DAILY_BUDGET)
// shared by all users and instances, and every upstream call counts, a retry after a malformed answer too.

const ai = useFakeAiApps();
const { appWith } = ai;
let app: FastifyInstance;
let fake: FakeAiServer;
beforeAll(() => {
  ({ app, fake } = ai);
});

const REQUEST = {
  decisionName: 'New laptop',
  description: 'Which laptop should I buy?',
  options: ['ThinkPad', 'MacBook'],
  criteria: [
    { name: 'Price', importance: 50 },
    { name: 'Battery', importance: 50 },
  ],
};

function post(
  target: FastifyInstance,
  caller: SignedInUser,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return target.inject({ method: 'POST', url, payload, headers: { ...caller.headers, ...headers } });
}

const recommend = (target: FastifyInstance, caller: SignedInUser) =>
  post(target, caller, '/api/ai/recommendation', REQUEST);

/** The caller's counted AI calls today (0 without a row). */
async function usageOf(target: FastifyInstance, caller: SignedInUser): Promise<number> {
  const rows = await target.database.db
    .selectFrom('ai_usage')
    .select('count')
    .where('user_id', '=', caller.user.id)
    .execute();
  return rows.reduce((sum, row) => sum + row.count, 0);
}

/** Today's budget counter of the installation (0 before the first call). */
async function budgetUsed(target: FastifyInstance): Promise<number> {
  const row = await target.database.db
    .selectFrom('rate_limit_counters')
    .select('count')
    .where('key', '=', `ai:budget:${new Date().toISOString().slice(0, 10)}`)
    .executeTakeFirst();
  return row?.count ?? 0;
}

describe('AI calls need a confirmed address', () => {
  it('refuses an unconfirmed caller on every AI endpoint (403 EMAIL_NOT_CONFIRMED), changing and asking nothing', async () => {
    const unconfirmed = await createSignedInUser(app, { isVerified: false });
    const { decision } = await createTeamDecision(app, unconfirmed);
    const calls = [
      () => post(app, unconfirmed, '/api/ai/recommendation', REQUEST),
      () => post(app, unconfirmed, '/api/ai/suggestions', { decisionName: 'New laptop' }),
      () => post(app, unconfirmed, `/api/decision/${decision.id}/ai-opinion`),
      () => post(app, unconfirmed, `/api/team-ai/recommendation/${decision.id}`, REQUEST),
    ];
    // expectApiError compares the whole message with the catalogue's, in the language asked for.
    await expectNothingChanged(app, async () => {
      for (const call of calls) expectApiError(await call(), 403, 'EMAIL_NOT_CONFIRMED');
    });
    const german = await post(app, unconfirmed, '/api/ai/recommendation', REQUEST, {
      'accept-language': 'de',
    });
    expectApiError(german, 403, 'EMAIL_NOT_CONFIRMED', { language: 'de' });
    expect(fake.requests).toHaveLength(0);
    expect(await usageOf(app, unconfirmed)).toBe(0);
  });

  it('lets the same account call the AI once its address is confirmed', async () => {
    const user = await createSignedInUser(app, { isVerified: false });
    expectApiError(await recommend(app, user), 403, 'EMAIL_NOT_CONFIRMED');
    await app.database.db
      .updateTable('users')
      .set({ email_verified_at: new Date().toISOString() })
      .where('id', '=', user.user.id)
      .execute();
    expect((await recommend(app, user)).statusCode).toBe(200);
    expect(fake.requests).toHaveLength(1);
  });

  it('still tells an unconfirmed caller first when the server has no AI at all', async () => {
    const withoutAi = await ai.appWithoutAi();
    const user = await createSignedInUser(withoutAi.app, { isVerified: false });
    expectApiError(await recommend(withoutAi.app, user), 503, 'AI_NOT_CONFIGURED');
  });
});

describe('AI_DAILY_BUDGET: upstream calls per day for the whole installation', () => {
  it('is shared by all users and instances; when spent, 429 AI_BUDGET_SPENT with a clear message, changing nothing', async () => {
    const budgeted = await appWith({ dailyBudget: 3 });
    const instances = [budgeted.app, await budgeted.sibling()] as const;
    const [first, second] = [await createSignedInUser(budgeted.app), await createSignedInUser(budgeted.app)];
    expect((await recommend(instances[0], first)).statusCode).toBe(200);
    expect((await recommend(instances[1], first)).statusCode).toBe(200);
    expect((await recommend(instances[1], second)).statusCode).toBe(200);

    for (const [instance, caller] of [
      [instances[0], first],
      [instances[1], second],
    ] as const) {
      const refused = await expectNothingChanged(instance, () => recommend(instance, caller));
      expectApiError(refused, 429, 'AI_BUDGET_SPENT');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(24 * 3600);
    }
    // The refused calls counted neither against the callers' own caps nor against the budget.
    expect([await usageOf(budgeted.app, first), await usageOf(budgeted.app, second)]).toEqual([2, 1]);
    expect(await budgetUsed(budgeted.app)).toBe(3);
    expect(fake.requests).toHaveLength(3);

    // The budget lives in the database: a restart does not refill it.
    const restarted = await budgeted.restart();
    expectApiError(await recommend(restarted, second), 429, 'AI_BUDGET_SPENT');
    expect(fake.requests).toHaveLength(3);
  });

  it('lets exactly the budget through of many parallel calls', async () => {
    const budgeted = await appWith({ dailyBudget: 4 });
    const callers = await Promise.all(Array.from({ length: 8 }, () => createSignedInUser(budgeted.app)));
    const answers = await Promise.all(callers.map((caller) => recommend(budgeted.app, caller)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(4);
    for (const answer of answers.filter((answer) => answer.statusCode !== 200)) {
      expectApiError(answer, 429, 'AI_BUDGET_SPENT');
    }
    expect(fake.requests).toHaveLength(4);
  });

  it('is not used up by calls the caller’s own daily cap refuses', async () => {
    const capped = await appWith({ dailyLimit: 1, dailyBudget: 10 });
    const user = await createSignedInUser(capped.app);
    expect((await recommend(capped.app, user)).statusCode).toBe(200);
    await expectNothingChanged(capped.app, async () =>
      expectApiError(await recommend(capped.app, user), 429, 'AI_DAILY_LIMIT'),
    );
    expect(await budgetUsed(capped.app)).toBe(1);
  });
});

describe('every upstream call counts', () => {
  it('a malformed answer and its retry count as two calls, for the caller and for the budget', async () => {
    const user = await createSignedInUser(app);
    const budgetBefore = await budgetUsed(app);
    fake.script({ kind: 'text', content: 'not json' }, { kind: 'good' });
    expect((await recommend(app, user)).statusCode).toBe(200);
    expect(fake.requests).toHaveLength(2);
    expect(await usageOf(app, user)).toBe(2);
    expect(await budgetUsed(app)).toBe(budgetBefore + 2);
  });

  it('does not retry beyond the caller’s daily cap: the retry is refused with AI_DAILY_LIMIT', async () => {
    const capped = await appWith({ dailyLimit: 1 });
    const user = await createSignedInUser(capped.app);
    fake.script({ kind: 'text', content: 'not json' }, { kind: 'good' });
    expectApiError(await recommend(capped.app, user), 429, 'AI_DAILY_LIMIT');
    expect(fake.requests).toHaveLength(1);
    expect(await usageOf(capped.app, user)).toBe(1);
  });

  it('does not retry beyond the budget: the retry is refused with AI_BUDGET_SPENT', async () => {
    const budgeted = await appWith({ dailyBudget: 1 });
    const user = await createSignedInUser(budgeted.app);
    fake.script({ kind: 'text', content: 'not json' }, { kind: 'good' });
    const suggestions = await post(budgeted.app, user, '/api/ai/suggestions', { decisionName: 'New laptop' });
    expectApiError(suggestions, 429, 'AI_BUDGET_SPENT');
    expect(fake.requests).toHaveLength(1);
    expect(await usageOf(budgeted.app, user)).toBe(1);
  });
});
