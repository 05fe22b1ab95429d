import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInSessionsSchema, type SignedInSession } from '../../../shared/api/sessions.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { accountApi, bearer } from '../../test/http.ts';
import { USER_AGENT_MAX } from './session-client.ts';
import { hashToken } from './tokens.ts';

const DAY_MS = 24 * 3600_000;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let testApp: TestApp;
let app: FastifyInstance;
const api = accountApi(() => app);

beforeAll(async () => {
  testApp = await buildTestApp({ authRateLimitPerMinute: 10_000 });
  app = testApp.app;
});
afterAll(() => testApp.close());

type Headers = Record<string, string>;
const listSessions = (headers: Headers) =>
  app.inject({ method: 'GET', url: '/api/users/me/sessions', headers });
const endSession = (id: number | string, headers: Headers) =>
  app.inject({ method: 'DELETE', url: `/api/users/me/sessions/${id}`, headers });
const endOtherSessions = (headers: Headers) =>
  app.inject({ method: 'DELETE', url: '/api/users/me/sessions', headers });

/** Another session of the user, started from this browser and address. */
async function signInFrom(user: SignedInUser, userAgent: string, remoteAddress: string): Promise<Headers> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress,
    headers: { 'user-agent': userAgent },
    payload: { email: user.email, password: user.password },
  });
  expect(login.statusCode).toBe(200);
  return bearer(login.json<{ token: string }>().token);
}

async function sessionsOf(headers: Headers): Promise<SignedInSession[]> {
  const response = await listSessions(headers);
  expect(response.statusCode).toBe(200);
  return signedInSessionsSchema.parse(response.json());
}

async function sessionIdOf(headers: Headers): Promise<number> {
  const token = headers.authorization!.replace('Bearer ', '');
  const row = await app.database.db
    .selectFrom('sessions')
    .select('id')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('GET /api/users/me/sessions', () => {
  it('lists the caller’s sessions, most recently used first, with a coarse address and the browser', async () => {
    const user = await createSignedInUser(app);
    const laptop = await signInFrom(user, FIREFOX, '203.0.113.77');
    const phone = await signInFrom(user, SAFARI, '2001:db8:85a3:8d3:1319:8a2e:370:7348');
    const someoneElse = await createSignedInUser(app);
    // The phone (asking) was used a quarter of an hour ago, the first session one hour, the laptop three.
    const usedAgo = async (headers: Headers, hours: number) =>
      app.database.db
        .updateTable('sessions')
        .set({ last_used_at: new Date(Date.now() - hours * 3600_000).toISOString() })
        .where('id', '=', await sessionIdOf(headers))
        .execute();
    await usedAgo(user.headers, 1);
    await usedAgo(laptop, 3);
    await usedAgo(phone, 0.25);

    const sessions = await sessionsOf(phone);

    expect(sessions.map((session) => session.id)).toEqual([
      await sessionIdOf(phone),
      await sessionIdOf(user.headers),
      await sessionIdOf(laptop),
    ]);
    expect(sessions[0]).toMatchObject({ user_agent: SAFARI, ip_hint: '2001:db8:85a3:…', current: true });
    expect(sessions[1]!.current).toBe(false);
    expect(sessions[2]).toMatchObject({ user_agent: FIREFOX, ip_hint: '203.0.113.x', current: false });
    for (const session of sessions) {
      expect(Object.keys(session).sort()).toEqual(
        ['created_at', 'current', 'id', 'ip_hint', 'last_used_at', 'user_agent'].sort(),
      );
    }
    // Never another user's sessions, never a token or its hash.
    expect(sessions).not.toContainEqual(
      expect.objectContaining({ id: await sessionIdOf(someoneElse.headers) }),
    );
    expect(JSON.stringify(sessions)).not.toMatch(/[0-9a-f]{64}/);
  });

  it('keeps at most USER_AGENT_MAX characters of the browser, on one line', async () => {
    const user = await createSignedInUser(app);
    const headers = await signInFrom(user, `Agent\u0007${'x'.repeat(500)}`, '198.51.100.4');
    const [current] = (await sessionsOf(headers)).filter((session) => session.current);
    expect(current!.user_agent).toHaveLength(USER_AGENT_MAX);
    expect(current!.user_agent).toMatch(/^Agent x+$/);
  });

  it('answers 401 without a session', async () => {
    expectApiError(await listSessions({}), 401, 'UNAUTHORIZED');
  });
});

describe('DELETE /api/users/me/sessions/{id}', () => {
  it('ends another session of the caller: its next request is refused, the caller stays signed in', async () => {
    const user = await createSignedInUser(app);
    const other = await signInFrom(user, FIREFOX, '203.0.113.9');

    const response = await endSession(await sessionIdOf(other), user.headers);

    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expectApiError(await api.me(other), 401, 'UNAUTHORIZED');
    expect((await api.me(user.headers)).statusCode).toBe(200);
    expect((await sessionsOf(user.headers)).map((session) => session.current)).toEqual([true]);
  });

  it('ends the caller’s own session: that signs out', async () => {
    const user = await createSignedInUser(app);
    const other = await signInFrom(user, FIREFOX, '203.0.113.9');

    expect((await endSession(await sessionIdOf(user.headers), user.headers)).statusCode).toBe(204);

    expectApiError(await api.me(user.headers), 401, 'UNAUTHORIZED');
    expect((await api.me(other)).statusCode).toBe(200);
  });

  it('answers 404 for another user’s session and for unknown ids, changing nothing', async () => {
    const user = await createSignedInUser(app);
    const someoneElse = await createSignedInUser(app);
    const theirs = await sessionIdOf(someoneElse.headers);

    await expectNothingChanged(app, async () => {
      expectApiError(await endSession(theirs, user.headers), 404, 'NOT_FOUND');
      expectApiError(
        await endSession(theirs, { ...user.headers, 'accept-language': 'de' }),
        404,
        'NOT_FOUND',
        { language: 'de' },
      );
      expectApiError(await endSession(2_147_483_000, user.headers), 404, 'NOT_FOUND');
    });
    expect((await api.me(someoneElse.headers)).statusCode).toBe(200);
  });

  it('refuses an id that is no id with 400, and a caller without a session with 401, changing nothing', async () => {
    const user = await createSignedInUser(app);
    const id = await sessionIdOf(user.headers);
    await expectNothingChanged(app, async () => {
      expectApiError(await endSession('abc', user.headers), 400, 'VALIDATION_FAILED', { fields: ['id'] });
      expectApiError(await endSession(id, {}), 401, 'UNAUTHORIZED');
      expectApiError(await endOtherSessions({}), 401, 'UNAUTHORIZED');
    });
  });
});

describe('DELETE /api/users/me/sessions', () => {
  it('ends every session of the caller but the current one, and nobody else’s', async () => {
    const user = await createSignedInUser(app);
    const laptop = await signInFrom(user, FIREFOX, '203.0.113.9');
    const phone = await signInFrom(user, SAFARI, '198.51.100.20');
    const someoneElse = await createSignedInUser(app);

    const response = await endOtherSessions(laptop);

    expect(response.statusCode).toBe(204);
    expectApiError(await api.me(user.headers), 401, 'UNAUTHORIZED');
    expectApiError(await api.me(phone), 401, 'UNAUTHORIZED');
    expect((await api.me(laptop)).statusCode).toBe(200);
    expect((await api.me(someoneElse.headers)).statusCode).toBe(200);
    expect(await sessionsOf(laptop)).toEqual([
      expect.objectContaining({ current: true, user_agent: FIREFOX }),
    ]);
  });
});

describe('session lifetime', () => {
  it('slides by 30 days from the last use, but never beyond 90 days after the session began', async () => {
    const user = await createSignedInUser(app);
    const id = await sessionIdOf(user.headers);
    const began = Date.now() - LIMITS.session.absoluteDays * DAY_MS + 3600_000;
    await app.database.db
      .updateTable('sessions')
      .set({
        created_at: new Date(began).toISOString(),
        last_used_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
      })
      .where('id', '=', id)
      .execute();

    expect((await api.me(user.headers)).statusCode).toBe(200);

    const row = await app.database.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // An hour left of its 90 days, not another 30 days.
    expect(new Date(row.expires_at).getTime()).toBe(began + LIMITS.session.absoluteDays * DAY_MS);
  });

  it('a session used every day ends 90 days after it began', async () => {
    const user = await createSignedInUser(app);
    const id = await sessionIdOf(user.headers);
    // Day 89 of a daily used session: its last slide was capped at the 90-day mark, a minute ago.
    await app.database.db
      .updateTable('sessions')
      .set({
        created_at: new Date(Date.now() - LIMITS.session.absoluteDays * DAY_MS - 60_000).toISOString(),
        last_used_at: new Date(Date.now() - DAY_MS).toISOString(),
        expires_at: new Date(Date.now() - 60_000).toISOString(),
      })
      .where('id', '=', id)
      .execute();
    await expectNothingChanged(app, async () => {
      expectApiError(await api.me(user.headers), 401, 'UNAUTHORIZED');
    });
  });
});

describe('a new password ends the other sessions (issue 28: checked again through the list)', () => {
  it('a password change keeps only the caller’s session in the list', async () => {
    const user = await createSignedInUser(app);
    await signInFrom(user, FIREFOX, '203.0.113.9');
    await signInFrom(user, SAFARI, '198.51.100.20');
    expect(await sessionsOf(user.headers)).toHaveLength(3);

    const changed = await api.changePassword(
      { oldPassword: user.password, newPassword: 'a fresh and long passphrase' },
      user.headers,
    );

    expect(changed.statusCode).toBe(200);
    expect(await sessionsOf(user.headers)).toEqual([expect.objectContaining({ current: true })]);
  });

  it('a password reset ends every session of the account', async () => {
    const user = await createSignedInUser(app);
    const laptop = await signInFrom(user, FIREFOX, '203.0.113.9');
    const resetToken = 'a-reset-token-the-mail-would-carry';
    const now = new Date().toISOString();
    await app.database.db
      .insertInto('password_reset_tokens')
      .values({
        user_id: user.user.id,
        token_hash: hashToken(resetToken),
        created_at: now,
        expires_at: new Date(Date.now() + 3600_000).toISOString(),
      })
      .execute();

    const reset = await app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token: resetToken, password: 'a fresh and long passphrase' },
    });

    expect(reset.statusCode).toBe(200);
    expectApiError(await api.me(user.headers), 401, 'UNAUTHORIZED');
    expectApiError(await api.me(laptop), 401, 'UNAUTHORIZED');
    const remaining = await app.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.user.id)
      .execute();
    expect(remaining).toEqual([]);
  });
});
