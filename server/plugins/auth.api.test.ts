import { createHash } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../test/api-errors.ts';
import { useTestApp } from '../test/use-test-app.ts';
import { expectNothingChanged } from '../test/db-snapshot.ts';
import { createSignedInUser, type SignedInUser } from '../test/factories.ts';
import { solidImage } from '../test/images.ts';
import { fileUpload } from '../test/multipart.ts';
import { generateToken } from '../modules/auth/tokens.ts';

// Every protected account endpoint, each with a request that would succeed with a valid token.
function protectedRequests(
  avatar: Buffer,
  password: string,
): Array<[string, Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> }]> {
  const upload = fileUpload(avatar, 'me.png', 'image/png');
  return [
    ['GET /api/users/me', { method: 'GET', url: '/api/users/me' }],
    ['PUT /api/users/update', { method: 'PUT', url: '/api/users/update', payload: { nickname: 'Intruder' } }],
    [
      'POST /api/change-password',
      {
        method: 'POST',
        url: '/api/change-password',
        payload: { oldPassword: password, newPassword: 'taken over at last' },
      },
    ],
    ['POST /api/logout', { method: 'POST', url: '/api/logout' }],
    [
      'POST /api/users/me/avatar',
      { method: 'POST', url: '/api/users/me/avatar', payload: upload.payload, headers: upload.headers },
    ],
    ['DELETE /api/users/me/avatar', { method: 'DELETE', url: '/api/users/me/avatar' }],
    ['POST /api/verify-email/resend', { method: 'POST', url: '/api/verify-email/resend' }],
  ];
}

const { app } = useTestApp({ authRateLimitPerMinute: 10_000 });
let user: SignedInUser;
let requests: ReturnType<typeof protectedRequests>;
const badAuthorization: Record<string, string | undefined> = {};

async function loginAgain(): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: user.email, password: user.password },
  });
  return response.json<{ token: string }>().token;
}

beforeAll(async () => {
  // Unconfirmed, so "Send again" is among the requests that would succeed with a valid token.
  user = await createSignedInUser(app, { isVerified: false });
  requests = protectedRequests(await solidImage('png'), user.password);

  const revoked = await loginAgain();
  expect(
    (
      await app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { authorization: `Bearer ${revoked}` },
      })
    ).statusCode,
  ).toBe(200);

  const expired = await loginAgain();
  const expiredHash = createHash('sha256').update(expired).digest('hex');
  await app.database.db
    .updateTable('sessions')
    .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
    .where('token_hash', '=', expiredHash)
    .execute();

  const userTokenHash = createHash('sha256').update(user.token).digest('hex');
  Object.assign(badAuthorization, {
    'no Authorization header': undefined,
    'an empty bearer token': 'Bearer ',
    'another scheme': `Basic ${Buffer.from(`${user.email}:${user.password}`).toString('base64')}`,
    'the token without a scheme': user.token,
    'an unknown token': `Bearer ${generateToken()}`,
    'a token with one character changed': `Bearer ${user.token.slice(0, -1)}${user.token.endsWith('A') ? 'B' : 'A'}`,
    'a revoked token (logged out)': `Bearer ${revoked}`,
    'an expired token': `Bearer ${expired}`,
    'the stored hash of a valid token': `Bearer ${userTokenHash}`,
  });
});

describe('protected endpoints refuse a bad bearer token with 401 and change nothing', () => {
  const cases = [
    'no Authorization header',
    'an empty bearer token',
    'another scheme',
    'the token without a scheme',
    'an unknown token',
    'a token with one character changed',
    'a revoked token (logged out)',
    'an expired token',
    'the stored hash of a valid token',
  ];
  const endpoints = [
    'GET /api/users/me',
    'PUT /api/users/update',
    'POST /api/change-password',
    'POST /api/logout',
    'POST /api/users/me/avatar',
    'DELETE /api/users/me/avatar',
    'POST /api/verify-email/resend',
  ];

  it.each(endpoints.flatMap((endpoint) => cases.map((kind) => [endpoint, kind] as const)))(
    '%s with %s',
    async (endpoint, kind) => {
      const [, request] = requests.find(([name]) => name === endpoint) ?? [];
      if (!request) throw new Error(`no request for ${endpoint}`);
      if (!(kind in badAuthorization)) throw new Error(`no Authorization value for ${kind}`);
      const authorization = badAuthorization[kind];
      const response = await expectNothingChanged(app, () =>
        app.inject({
          ...request,
          headers: { ...request.headers, ...(authorization ? { authorization } : {}) },
        }),
      );
      expectApiError(response, 401, 'UNAUTHORIZED');
    },
  );

  it('the valid token still works afterwards (the refusals were not collateral damage)', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/users/me', headers: user.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: user.email, nickname: null, avatar_url: null });
  });

  it('accepts the scheme in any case', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `bearer ${user.token}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it('says so in German', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { 'accept-language': 'de' },
    });
    expect(expectApiError(response, 401, 'UNAUTHORIZED', { language: 'de' }).error).toBe(
      'Bitte melde dich erneut an: deine Sitzung ist abgelaufen oder ungültig.',
    );
  });
});
