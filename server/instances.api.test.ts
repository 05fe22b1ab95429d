import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../shared/limits.ts';
import { expectApiError } from './test/api-errors.ts';
import { buildTestApp } from './test/build-test-app.ts';
import { useTestApp } from './test/use-test-app.ts';
import { createDecision } from './test/decision-factories.ts';
import { createSignedInUser, DEFAULT_PASSWORD } from './test/factories.ts';

/**
 * Two app instances on one database, as behind a load balancer (SQLite: one file, two connections;
 * PostgreSQL: one schema, two pools). Requests alternate between them; every limit must count them
 * together, and each periodic job must run once.
 */
describe('several instances on one database behave as one', () => {
  const LIMIT = 4;
  const { testApp } = useTestApp({
    authRateLimitPerMinute: LIMIT,
    commentRateLimit: { perMinute: 3, perHour: 100 },
  });
  let instances: [FastifyInstance, FastifyInstance];
  /** The instance that answers the n-th request: round-robin. */
  const nth = (n: number) => instances[n % 2]!;

  beforeAll(async () => {
    instances = [testApp.app, await testApp.sibling()];
  });

  it('a route limit per address holds across instances, with the same headers as before', async () => {
    const login = (n: number) =>
      nth(n).inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.20.0.1',
        payload: { email: 'nobody@example.com', password: `guess ${n}` },
      });
    const answers: LightMyRequestResponse[] = [];
    for (let n = 0; n < LIMIT; n += 1) answers.push(await login(n));
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401]);
    // The remaining budget counts down across both instances.
    expect(answers.map((answer) => answer.headers['x-ratelimit-remaining'])).toEqual(['3', '2', '1', '0']);
    expect(answers.every((answer) => answer.headers['x-ratelimit-limit'] === String(LIMIT))).toBe(true);

    for (const n of [LIMIT, LIMIT + 1]) {
      const refused = await login(n);
      expectApiError(refused, 429, 'RATE_LIMITED');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.headers['x-ratelimit-reset']).toBe(String(retryAfter));
    }
    // Each instance asked the database once and now refuses from memory until the window ends: a flood
    // of refused requests costs no write per request.
    const counted = () =>
      testApp.app.database.db
        .selectFrom('rate_limit_counters')
        .select('count')
        .where('key', 'like', 'http:POST /api/login %')
        .execute();
    expect(await counted()).toEqual([{ count: LIMIT + 2 }]);
    for (const n of [LIMIT + 2, LIMIT + 3]) expectApiError(await login(n), 429, 'RATE_LIMITED');
    expect(await counted()).toEqual([{ count: LIMIT + 2 }]);

    // Per route and per address, as before: another address, or another route, has its own budget.
    expect(
      (
        await nth(0).inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '10.20.0.2',
          payload: { email: 'nobody@example.com', password: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    const forgot = await nth(1).inject({
      method: 'POST',
      url: '/api/forgot-password',
      remoteAddress: '10.20.0.1',
      payload: { email: 'nobody@example.com' },
    });
    expect(forgot.statusCode).toBe(202);
  });

  it('failed logins count across instances: the address is locked on both, the owner elsewhere is not', async () => {
    const roomy = await buildTestApp({ authRateLimitPerMinute: 10_000 });
    try {
      const pair = [roomy.app, await roomy.sibling()];
      const owner = await createSignedInUser(roomy.app);
      const attempt = (n: number, password: string, remoteAddress = '10.30.0.1') =>
        pair[n % 2]!.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress,
          payload: { email: owner.email, password },
        });
      for (let n = 0; n < LIMITS.auth.failedLoginsPerAddress; n += 1) {
        expect((await attempt(n, `wrong ${n}`)).statusCode).toBe(401);
      }
      expectApiError(await attempt(0, DEFAULT_PASSWORD), 429, 'RATE_LIMITED');
      expectApiError(await attempt(1, DEFAULT_PASSWORD), 429, 'RATE_LIMITED');
      expect((await attempt(1, DEFAULT_PASSWORD, '10.30.0.2')).statusCode).toBe(200);
    } finally {
      await roomy.close();
    }
  });

  it('the per-user comment limit counts the comments posted through either instance', async () => {
    const author = await createSignedInUser(nth(0));
    const decisionId = (await createDecision(nth(0), author, { type: 'public' })).decision.id;
    const comment = (n: number) =>
      nth(n).inject({
        method: 'POST',
        url: '/api/comments',
        headers: author.headers,
        payload: { decision_id: decisionId, text: `Comment ${n}` },
      });
    for (let n = 0; n < 3; n += 1) expect((await comment(n)).statusCode).toBe(201);
    expectApiError(await comment(3), 429, 'RATE_LIMITED');
    expectApiError(await comment(4), 429, 'RATE_LIMITED');
  });

  it('each periodic job runs on one instance only, however many poll at once', async () => {
    const third = await testApp.sibling();
    const polls = await Promise.all([...instances, third].map((instance) => instance.scheduler.runDueJobs()));
    expect(polls.flat().sort()).toEqual([
      'announce-voting-ends',
      'automatic-reminders',
      'delete-old-notifications',
      'delete-unconfirmed-accounts',
      'purge-expired-passkey-challenges',
      'purge-expired-sessions',
      'purge-rate-limit-counters',
      'purge-spent-links',
      'review-notices',
    ]);
    // Not due again until their interval passed, whoever asks.
    expect((await Promise.all(instances.map((instance) => instance.scheduler.runDueJobs()))).flat()).toEqual(
      [],
    );
  });
});
