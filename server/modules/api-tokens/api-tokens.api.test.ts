import { createHash } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ApiToken, CreatedApiToken } from '../../../shared/api/api-tokens.ts';
import type { User } from '../../../shared/api/users.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import { createDecision } from '../../test/decision-factories.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const CREATIONS_PER_MINUTE = 3;
const { app } = useTestApp({
  authRateLimitPerMinute: 100_000,
  // The per-user limit of decision creations, small, to show each token has its own allowance.
  decisionLimits: { maxPerUser: 100_000, createdPerMinute: CREATIONS_PER_MINUTE },
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function createToken(
  owner: SignedInUser,
  body: { name?: string; scope?: 'read' | 'write'; expires_in_days?: number } = {},
): Promise<CreatedApiToken> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/tokens',
    headers: owner.headers,
    payload: { name: 'Script', scope: 'write', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedApiToken>();
}

async function listTokens(owner: SignedInUser): Promise<ApiToken[]> {
  const response = await app.inject({ method: 'GET', url: '/api/tokens', headers: owner.headers });
  expect(response.statusCode).toBe(200);
  return response.json<ApiToken[]>();
}

const decisionBody = {
  name: 'Made by a script',
  type: 'private',
  options: ['A', 'B'],
  criteria: [{ name: 'Cost', importance: 100 }],
};

describe('creating, listing and revoking tokens', () => {
  it('shows the token once, lists it without the token, and stores only its SHA-256', async () => {
    const owner = await createSignedInUser(app);
    const { id, token } = await createToken(owner, {
      name: 'Nightly report',
      scope: 'read',
      expires_in_days: 30,
    });
    expect(token).toMatch(/^dc_pat_[A-Za-z0-9_-]{43}$/);

    const listed = await listTokens(owner);
    expect(listed).toEqual([
      {
        id,
        name: 'Nightly report',
        scope: 'read',
        created_at: expect.any(String),
        last_used_at: null,
        expires_at: expect.any(String),
      },
    ]);
    const days = (Date.parse(listed[0]!.expires_at!) - Date.parse(listed[0]!.created_at)) / 86_400_000;
    expect(days).toBe(30);
    expect(JSON.stringify(listed)).not.toContain(token.slice(7));

    const rows = await app.database.db.selectFrom('api_tokens').selectAll().where('id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token.slice(7));
  });

  it('creates a token that never expires when no expiry is given', async () => {
    const owner = await createSignedInUser(app);
    await createToken(owner);
    expect((await listTokens(owner))[0]!.expires_at).toBeNull();
  });

  it.each([
    [{ scope: 'write' }, ['name']],
    [{ name: '   ', scope: 'write' }, ['name']],
    [{ name: 'x'.repeat(LIMITS.apiToken.nameMax + 1), scope: 'write' }, ['name']],
    [{ name: 'Script', scope: 'admin' }, ['scope']],
    [{ name: 'Script' }, ['scope']],
    [{ name: 'Script', scope: 'read', expires_in_days: 0 }, ['expires_in_days']],
    [{ name: 'Script', scope: 'read', expires_in_days: 366 }, ['expires_in_days']],
    [{ name: 'Script', scope: 'read', expires_in_days: 1.5 }, ['expires_in_days']],
  ])('refuses %j with 400 naming %j, creating nothing', async (payload, fields) => {
    const owner = await createSignedInUser(app);
    const response = await expectNothingChanged(app, () =>
      app.inject({ method: 'POST', url: '/api/tokens', headers: owner.headers, payload }),
    );
    expectApiError(response, 400, 'VALIDATION_FAILED', { fields });
  });

  it(`holds at most ${LIMITS.apiToken.maxPerUser} tokens per account (409 beyond)`, async () => {
    const owner = await createSignedInUser(app);
    for (let i = 0; i < LIMITS.apiToken.maxPerUser; i++) await createToken(owner, { name: `Token ${i}` });
    const response = await expectNothingChanged(app, () =>
      app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: { ...owner.headers, 'accept-language': 'de' },
        payload: { name: 'One more', scope: 'read' },
      }),
    );
    expectApiError(response, 409, 'TOO_MANY_API_TOKENS', {
      language: 'de',
      params: { max: LIMITS.apiToken.maxPerUser },
    });
  });

  it("revokes a token (401 from then on) and answers 404 for another user's token, changing nothing", async () => {
    const owner = await createSignedInUser(app);
    const stranger = await createSignedInUser(app);
    const { id, token } = await createToken(owner);

    const foreign = await expectNothingChanged(app, () =>
      app.inject({ method: 'DELETE', url: `/api/tokens/${id}`, headers: stranger.headers }),
    );
    expectApiError(foreign, 404, 'NOT_FOUND');
    expect(
      (await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).statusCode,
    ).toBe(200);

    const revoked = await app.inject({ method: 'DELETE', url: `/api/tokens/${id}`, headers: owner.headers });
    expect(revoked.statusCode).toBe(204);
    expect(await listTokens(owner)).toEqual([]);
    expectApiError(
      await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) }),
      401,
      'UNAUTHORIZED',
    );
    expectApiError(
      await app.inject({ method: 'DELETE', url: `/api/tokens/${id}`, headers: owner.headers }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('calling the API with a token', () => {
  it('acts as its user on the routes the user may call', async () => {
    const owner = await createSignedInUser(app);
    const { token } = await createToken(owner);
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
    expect(me.json<User>().id).toBe(owner.user.id);

    const created = await app.inject({
      method: 'POST',
      url: '/api/decision',
      headers: bearer(token),
      payload: decisionBody,
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = await app.inject({ method: 'GET', url: '/api/decision', headers: owner.headers });
    expect(list.json<{ name: string }[]>().map((decision) => decision.name)).toContain('Made by a script');
  });

  it('refuses every write of a read token with 403, changing nothing, and lets it read', async () => {
    const owner = await createSignedInUser(app);
    const { decision } = await createDecision(app, owner);
    const { token } = await createToken(owner, { scope: 'read' });
    const writes: InjectOptions[] = [
      { method: 'POST', url: '/api/decision', payload: decisionBody },
      { method: 'PUT', url: `/api/decision/${decision.id}`, payload: { name: 'Renamed' } },
      { method: 'DELETE', url: `/api/decision/${decision.id}` },
      { method: 'PUT', url: '/api/users/update', payload: { nickname: 'Bot' } },
      { method: 'POST', url: '/api/comments', payload: { decisionId: decision.id, text: 'Hi' } },
    ];
    for (const write of writes) {
      const response = await expectNothingChanged(app, () =>
        app.inject({ ...write, headers: { ...bearer(token), 'accept-language': 'de' } }),
      );
      expectApiError(response, 403, 'API_TOKEN_READ_ONLY', { language: 'de' });
    }
    const details = await app.inject({
      method: 'GET',
      url: `/api/decision/${decision.id}/details`,
      headers: bearer(token),
    });
    expect(details.statusCode).toBe(200);
    const head = await app.inject({
      method: 'HEAD',
      url: `/api/decision/${decision.id}/details`,
      headers: bearer(token),
    });
    expect(head.statusCode).toBe(200);
  });
});

describe('routes only a signed-in session may use', () => {
  // Written from the list, independently of which routes carry the flag.
  const sessionOnlyRoutes: [string, (ids: { tokenId: number }) => InjectOptions][] = [
    ['create a token', () => ({ method: 'POST', url: '/api/tokens', payload: { name: 'x', scope: 'read' } })],
    ['list tokens', () => ({ method: 'GET', url: '/api/tokens' })],
    ['revoke a token', ({ tokenId }) => ({ method: 'DELETE', url: `/api/tokens/${tokenId}` })],
    ['list sessions', () => ({ method: 'GET', url: '/api/users/me/sessions' })],
    ['end other sessions', () => ({ method: 'DELETE', url: '/api/users/me/sessions' })],
    ['end a session', () => ({ method: 'DELETE', url: '/api/users/me/sessions/1' })],
    ['log out', () => ({ method: 'POST', url: '/api/logout' })],
    [
      'change the password',
      () => ({
        method: 'POST',
        url: '/api/change-password',
        payload: { oldPassword: 'a', newPassword: 'b' },
      }),
    ],
    [
      'change the e-mail address',
      () => ({
        method: 'POST',
        url: '/api/users/me/email',
        payload: { email: 'new@example.com', password: 'x' },
      }),
    ],
    ['resend the confirmation mail', () => ({ method: 'POST', url: '/api/verify-email/resend' })],
    ['read the second factor', () => ({ method: 'GET', url: '/api/users/me/totp' })],
    ['start a second factor', () => ({ method: 'POST', url: '/api/users/me/totp' })],
    [
      'turn off the second factor',
      () => ({ method: 'DELETE', url: '/api/users/me/totp', payload: { password: 'x' } }),
    ],
    ['list passkeys', () => ({ method: 'GET', url: '/api/users/me/passkeys' })],
    ['start a passkey', () => ({ method: 'POST', url: '/api/users/me/passkeys/options' })],
    ['remove a passkey', () => ({ method: 'DELETE', url: '/api/users/me/passkeys/1' })],
    ['delete the account', () => ({ method: 'DELETE', url: '/api/users/me', payload: { password: 'x' } })],
    ['open the live-event stream', () => ({ method: 'GET', url: '/api/events' })],
  ];

  it.each(sessionOnlyRoutes)(
    'refuses a write token that tries to %s with 403, changing nothing',
    async (_, route) => {
      const owner = await createSignedInUser(app);
      const { id, token } = await createToken(owner);
      const response = await expectNothingChanged(app, () =>
        app.inject({ ...route({ tokenId: id }), headers: bearer(token) }),
      );
      expectApiError(response, 403, 'API_TOKEN_NOT_ALLOWED');
    },
  );
});

describe('expiry, last use and rate limits', () => {
  it('answers 401 to an expired, an unknown and a malformed token', async () => {
    const owner = await createSignedInUser(app);
    const { id, token } = await createToken(owner, { expires_in_days: 1 });
    await app.database.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    for (const candidate of [token, 'dc_pat_unknown', `${token}x`]) {
      const response = await expectNothingChanged(app, () =>
        app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(candidate) }),
      );
      expectApiError(response, 401, 'UNAUTHORIZED');
    }
    const listed = await listTokens(owner);
    expect(listed[0]!.expires_at! < new Date().toISOString()).toBe(true);
  });

  it('records the last use at most once a minute', async () => {
    const owner = await createSignedInUser(app);
    const { id, token } = await createToken(owner);
    const lastUsed = async () =>
      (
        await app.database.db
          .selectFrom('api_tokens')
          .select('last_used_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    expect(await lastUsed()).toBeNull();
    await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await expectNothingChanged(app, () =>
      app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) }),
    );

    const twoMinutesAgo = new Date(Date.now() - 120_000).toISOString();
    await app.database.db
      .updateTable('api_tokens')
      .set({ last_used_at: twoMinutesAgo })
      .where('id', '=', id)
      .execute();
    await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
    expect(new Date(String(await lastUsed())).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await listTokens(owner))[0]!.last_used_at).not.toBeNull();
  });

  it("gives each token a user's own allowance of a per-user rate limit", async () => {
    const owner = await createSignedInUser(app);
    const first = await createToken(owner, { name: 'First' });
    const second = await createToken(owner, { name: 'Second' });
    const create = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/decision', headers, payload: decisionBody });

    for (let i = 0; i < CREATIONS_PER_MINUTE; i++)
      expect((await create(bearer(first.token))).statusCode).toBe(201);
    const refused = await expectNothingChanged(app, () => create(bearer(first.token)), {
      except: ['rate_limit_counters'],
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ code: string }>().code).toBe('DECISIONS_RATE_LIMITED');
    for (let i = 0; i < CREATIONS_PER_MINUTE; i++)
      expect((await create(bearer(second.token))).statusCode).toBe(201);
    expect((await create(bearer(second.token))).statusCode).toBe(429);
    // The user's own session keeps its allowance too.
    expect((await create(owner.headers)).statusCode).toBe(201);
  });
});

describe('tokens and the account', () => {
  it('keep working after a password change and "sign out everywhere"; go with the account', async () => {
    const owner = await createSignedInUser(app);
    const { token } = await createToken(owner);
    const changed = await app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: owner.headers,
      payload: { oldPassword: owner.password, newPassword: 'another long passphrase 42' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/users/me/sessions', headers: owner.headers }))
        .statusCode,
    ).toBe(204);
    expect(
      (await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).statusCode,
    ).toBe(200);

    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: owner.headers,
      payload: { password: 'another long passphrase 42' },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expectApiError(
      await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) }),
      401,
      'UNAUTHORIZED',
    );
    const left = await app.database.db
      .selectFrom('api_tokens')
      .select('id')
      .where('user_id', '=', owner.user.id)
      .execute();
    expect(left).toEqual([]);
  });
});
