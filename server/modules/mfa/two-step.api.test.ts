import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mfaRequiredResponseSchema,
  recoveryCodesResponseSchema,
  totpEnrolmentResponseSchema,
} from '../../../shared/api/two-step.ts';
import { sessionResponseSchema, type User } from '../../../shared/api/users.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { hashPassword, hashToken } from '../auth/index.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { countRows, expectNothingChanged } from '../../test/db-snapshot.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { bearer } from '../../test/http.ts';

const PERIOD_MS = LIMITS.twoStep.periodSeconds * 1000;
const { wrongCodesPerChallenge } = LIMITS.twoStep;

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  // The per-IP limit must not interfere with many calls from one address; the login throttle stays real.
  testApp = await buildTestApp({ authRateLimitPerMinute: 10_000 });
  app = testApp.app;
});
afterAll(() => testApp.close());

/** A client address of its own per test, so the login throttle's counts never carry over. */
function freshAddress(): string {
  const [a, b] = randomBytes(2);
  return `198.51.${a}.${b}`;
}

/** The code an authenticator app shows for `secret`, `stepOffset` steps from now (otplib, as the app does). */
function codeOf(secret: string, stepOffset = 0): string {
  return generateSync({ secret, epoch: Math.floor((Date.now() + stepOffset * PERIOD_MS) / 1000) });
}

/** A 6-digit code that no step within the accepted drift has. */
function wrongCodeOf(secret: string): string {
  const near = new Set([-1, 0, 1].map((offset) => codeOf(secret, offset)));
  let candidate = 123456;
  while (near.has(String(candidate))) candidate += 1;
  return String(candidate);
}

interface TwoStepUser extends SignedInUser {
  secret: string;
  recoveryCodes: string[];
  address: string;
}

const enrol = (user: SignedInUser) =>
  app.inject({ method: 'POST', url: '/api/users/me/totp', headers: user.headers });
const confirm = (user: SignedInUser, code: unknown) =>
  app.inject({ method: 'POST', url: '/api/users/me/totp/confirm', headers: user.headers, payload: { code } });
const status = (user: SignedInUser) =>
  app.inject({ method: 'GET', url: '/api/users/me/totp', headers: user.headers });
const disable = (user: SignedInUser, payload: object, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'DELETE',
    url: '/api/users/me/totp',
    headers: { ...user.headers, ...headers },
    payload,
  });
const login = (user: { email: string; password: string }, address: string, target = app) =>
  target.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: address,
    payload: { email: user.email, password: user.password },
  });
const loginMfa = (
  mfaToken: string,
  code: string,
  address: string,
  target = app,
  headers: Record<string, string> = {},
) =>
  target.inject({
    method: 'POST',
    url: '/api/login/mfa',
    remoteAddress: address,
    payload: { mfa_token: mfaToken, code },
    headers,
  });

/** A signed-in user with TOTP turned on through the API, as the profile page does it. */
async function createTwoStepUser(): Promise<TwoStepUser> {
  const user = await createSignedInUser(app);
  const enrolment = totpEnrolmentResponseSchema.parse((await enrol(user)).json());
  const confirmed = await confirm(user, codeOf(enrolment.secret));
  expect(confirmed.statusCode).toBe(200);
  const { recovery_codes } = recoveryCodesResponseSchema.parse(confirmed.json());
  await letTimePass(user);
  return { ...user, secret: enrolment.secret, recoveryCodes: recovery_codes, address: freshAddress() };
}

/**
 * A code is accepted once per 30-second step; tests that sign in again right away move the user's
 * last accepted step a minute back, as if that much time had passed.
 */
async function letTimePass(user: SignedInUser): Promise<void> {
  const step = Math.floor(Date.now() / PERIOD_MS);
  await app.database.db
    .updateTable('totp_credentials')
    .set({ last_used_step: step - 2 })
    .where('user_id', '=', user.user.id)
    .where('confirmed_at', 'is not', null)
    .execute();
}

/** The password step of a two-step account: its token, with no session started. */
async function passwordStep(user: TwoStepUser, target = app): Promise<string> {
  const sessionsBefore = await countRows(app, 'sessions');
  const response = await login(user, user.address, target);
  expect(response.statusCode, response.body).toBe(200);
  const body = mfaRequiredResponseSchema.strict().parse(response.json());
  expect(await countRows(app, 'sessions')).toBe(sessionsBefore);
  return body.mfa_token;
}

function expectSession(response: LightMyRequestResponse, user: SignedInUser) {
  expect(response.statusCode, response.body).toBe(200);
  const session = sessionResponseSchema.strict().parse(response.json());
  expect(session.user.id).toBe(user.user.id);
  return session;
}

async function expectSignedIn(token: string, user: SignedInUser) {
  const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
  expect(me.statusCode).toBe(200);
  expect(me.json<User>().id).toBe(user.user.id);
}

describe('turning TOTP on: POST /api/users/me/totp and /confirm', () => {
  it('hands out a secret, its otpauth URL and QR code, and turns on only with a code from that secret', async () => {
    const user = await createSignedInUser(app);
    expect((await status(user)).json()).toEqual({ enabled: false, recovery_codes_left: 0 });

    const first = totpEnrolmentResponseSchema.strict().parse((await enrol(user)).json());
    expect(first.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.otpauth_url).toBe(
      `otpauth://totp/Decision%20Compass:${encodeURIComponent(user.email)}?secret=${first.secret}` +
        '&issuer=Decision%20Compass&algorithm=SHA1&digits=6&period=30',
    );
    expect(first.qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*<\/svg>\s*$/);

    // Starting again replaces the unconfirmed secret: a code of the first one no longer turns it on.
    const second = totpEnrolmentResponseSchema.parse((await enrol(user)).json());
    expect(second.secret).not.toBe(first.secret);
    await expectNothingChanged(app, async () => {
      expectApiError(await confirm(user, codeOf(first.secret)), 400, 'INVALID_TOTP_CODE', {
        fields: ['code'],
      });
    });
    expect((await status(user)).json()).toEqual({ enabled: false, recovery_codes_left: 0 });

    const confirmed = await confirm(user, codeOf(second.secret));
    expect(confirmed.statusCode).toBe(200);
    const { recovery_codes } = recoveryCodesResponseSchema.strict().parse(confirmed.json());
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    expect((await status(user)).json()).toEqual({ enabled: true, recovery_codes_left: 10 });

    // Only hashes are stored; the codes appear nowhere in the database.
    const stored = await app.database.db
      .selectFrom('recovery_codes')
      .select(['code_hash', 'used_at'])
      .where('user_id', '=', user.user.id)
      .execute();
    expect(stored).toHaveLength(10);
    const hashes = recovery_codes.map((code) => hashToken(code.replace(/-/g, '')));
    expect(stored.map((row) => row.code_hash).sort()).toEqual(hashes.sort());
    const everything = JSON.stringify(
      await app.database.db.selectFrom('recovery_codes').selectAll().execute(),
    );
    for (const code of recovery_codes) expect(everything).not.toContain(code.replace(/-/g, ''));
  });

  it('refuses a wrong code with 400 in the caller’s language, changing nothing', async () => {
    const user = await createSignedInUser(app);
    const { secret } = totpEnrolmentResponseSchema.parse((await enrol(user)).json());
    await expectNothingChanged(app, async () => {
      expectApiError(await confirm(user, wrongCodeOf(secret)), 400, 'INVALID_TOTP_CODE', {
        fields: ['code'],
      });
      const german = await app.inject({
        method: 'POST',
        url: '/api/users/me/totp/confirm',
        headers: { ...user.headers, 'accept-language': 'de' },
        payload: { code: 'not a code' },
      });
      expectApiError(german, 400, 'INVALID_TOTP_CODE', { fields: ['code'], language: 'de' });
      expectApiError(await confirm(user, undefined), 400, 'VALIDATION_FAILED', { fields: ['code'] });
    });
    expect((await status(user)).json()).toEqual({ enabled: false, recovery_codes_left: 0 });
  });

  it('refuses to confirm before enrolment and to start again while TOTP is on (the secret is never sent again)', async () => {
    const fresh = await createSignedInUser(app);
    await expectNothingChanged(app, async () => {
      expectApiError(await confirm(fresh, '123456'), 409, 'SECOND_FACTOR_NOT_STARTED');
    });
    const user = await createTwoStepUser();
    await expectNothingChanged(app, async () => {
      const again = await enrol(user);
      expectApiError(again, 409, 'SECOND_FACTOR_ALREADY_ON');
      expect(again.body).not.toContain(user.secret);
      expectApiError(await confirm(user, codeOf(user.secret, 1)), 409, 'SECOND_FACTOR_ALREADY_ON');
    });
  });

  it('needs a session', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/users/me/totp' });
    expectApiError(response, 401, 'UNAUTHORIZED');
  });
});

describe('logging in with TOTP on: POST /api/login, then POST /api/login/mfa', () => {
  it('answers mfa_required without a session; the right code starts one, and the mfa_token is no bearer token', async () => {
    const user = await createTwoStepUser();
    const mfaToken = await passwordStep(user);
    const asBearer = await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(mfaToken) });
    expectApiError(asBearer, 401, 'UNAUTHORIZED');

    const session = expectSession(await loginMfa(mfaToken, codeOf(user.secret), user.address), user);
    expect(session.password_change_required).toBe(false);
    await expectSignedIn(session.token, user);
    // Only the token's hash is stored.
    const stored = await app.database.db.selectFrom('mfa_challenges').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(mfaToken);

    // The step is spent by its success.
    await expectNothingChanged(
      app,
      async () => {
        expectApiError(
          await loginMfa(mfaToken, codeOf(user.secret, 1), user.address),
          401,
          'MFA_TOKEN_INVALID',
        );
      },
      { except: ['sessions'] },
    );
  });

  it('refuses a code that was already accepted (replay), in the same step or another sign-in', async () => {
    const user = await createTwoStepUser();
    const code = codeOf(user.secret);
    expectSession(await loginMfa(await passwordStep(user), code, user.address), user);

    const secondToken = await passwordStep(user);
    await expectNothingChanged(
      app,
      async () => {
        expectApiError(await loginMfa(secondToken, code, user.address), 401, 'INVALID_SECOND_FACTOR_CODE');
      },
      { except: ['mfa_challenges'] },
    );
    // The code of the next step still works on the same token.
    expectSession(await loginMfa(secondToken, codeOf(user.secret, 1), user.address), user);
  });

  it('lets exactly one of two parallel attempts with the same code through, across two instances', async () => {
    const user = await createTwoStepUser();
    const sibling = await testApp.sibling();
    const [firstToken, secondToken] = [await passwordStep(user), await passwordStep(user, sibling)];
    const code = codeOf(user.secret);
    const answers = await Promise.all([
      loginMfa(firstToken, code, user.address),
      loginMfa(secondToken, code, user.address, sibling),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('spends the token after 5 wrong codes; the right code does not work on it then', async () => {
    const user = await createTwoStepUser();
    const mfaToken = await passwordStep(user);
    const wrong = wrongCodeOf(user.secret);
    for (let attempt = 1; attempt < wrongCodesPerChallenge; attempt += 1) {
      expectApiError(await loginMfa(mfaToken, wrong, user.address), 401, 'INVALID_SECOND_FACTOR_CODE');
    }
    expectApiError(await loginMfa(mfaToken, wrong, user.address), 401, 'MFA_TOKEN_INVALID');
    await expectNothingChanged(app, async () => {
      expectApiError(await loginMfa(mfaToken, codeOf(user.secret), user.address), 401, 'MFA_TOKEN_INVALID');
    });
    // A new sign-in with the password works as before.
    expectSession(await loginMfa(await passwordStep(user), codeOf(user.secret), user.address), user);
  });

  it('refuses an expired token (5 minutes) and an unknown one with 401, changing nothing', async () => {
    const user = await createTwoStepUser();
    const mfaToken = await passwordStep(user);
    const row = await app.database.db
      .selectFrom('mfa_challenges')
      .select(['created_at', 'expires_at'])
      .where('token_hash', '=', hashToken(mfaToken))
      .executeTakeFirstOrThrow();
    const lifetimeMs = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
    expect(lifetimeMs).toBe(LIMITS.twoStep.challengeMinutes * 60_000);
    await app.database.db
      .updateTable('mfa_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(mfaToken))
      .execute();
    await expectNothingChanged(app, async () => {
      expectApiError(await loginMfa(mfaToken, codeOf(user.secret), user.address), 401, 'MFA_TOKEN_INVALID');
      const german = await loginMfa('no-such-token', codeOf(user.secret), user.address, app, {
        'accept-language': 'de',
      });
      expectApiError(german, 401, 'MFA_TOKEN_INVALID', { language: 'de' });
    });
  });

  it('takes a recovery code in place of a code, once', async () => {
    const user = await createTwoStepUser();
    const recoveryCode = user.recoveryCodes[3]!;
    // Typed as people do: upper case, a space instead of a dash.
    const typed = recoveryCode.toUpperCase().replace('-', ' ');
    const session = expectSession(await loginMfa(await passwordStep(user), typed, user.address), user);
    await expectSignedIn(session.token, user);
    expect((await status(user)).json()).toEqual({ enabled: true, recovery_codes_left: 9 });

    const mfaToken = await passwordStep(user);
    await expectNothingChanged(
      app,
      async () => {
        expectApiError(
          await loginMfa(mfaToken, recoveryCode, user.address),
          401,
          'INVALID_SECOND_FACTOR_CODE',
        );
      },
      { except: ['mfa_challenges'] },
    );
    expect((await status(user)).json()).toEqual({ enabled: true, recovery_codes_left: 9 });
  });
});

describe('the second step and the login throttle', () => {
  it('counts wrong codes toward the login throttle: the address is refused, another address still signs in', async () => {
    const user = await createTwoStepUser();
    const wrong = wrongCodeOf(user.secret);
    const { failedLoginsPerAddress } = LIMITS.auth;
    let failures = 0;
    while (failures < failedLoginsPerAddress) {
      const mfaToken = await passwordStep(user);
      for (
        let attempt = 0;
        attempt < wrongCodesPerChallenge && failures < failedLoginsPerAddress;
        attempt += 1
      ) {
        const answer = await loginMfa(mfaToken, wrong, user.address);
        expect(answer.statusCode).toBe(401);
        failures += 1;
      }
    }
    // The right password from that address no longer even reaches the second step…
    const refused = await login(user, user.address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ code: string }>().code).toBe('RATE_LIMITED');

    // …while the owner from another address gets through with password and code.
    const elsewhere = { ...user, address: freshAddress() };
    expectSession(
      await loginMfa(await passwordStep(elsewhere), codeOf(user.secret), elsewhere.address),
      user,
    );
  });

  it('refuses the code step of a throttled address before looking at the code', async () => {
    const user = await createTwoStepUser();
    const mfaToken = await passwordStep(user);
    for (let failure = 0; failure < LIMITS.auth.failedLoginsPerAddress; failure += 1) {
      await login({ email: user.email, password: 'not the password at all' }, user.address);
    }
    const answer = await loginMfa(mfaToken, codeOf(user.secret), user.address);
    expect(answer.statusCode).toBe(429);
    expect(answer.headers['retry-after']).toBeDefined();
  });
});

describe('the second step keeps what the password step found', () => {
  it('keeps password_change_required of a password from before the rules through the second step', async () => {
    const user = await createTwoStepUser();
    const oldPassword = 'kq8#mZ2p';
    await app.database.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(oldPassword) })
      .where('id', '=', user.user.id)
      .execute();
    const legacy = { ...user, password: oldPassword };
    const session = expectSession(
      await loginMfa(await passwordStep(legacy), codeOf(user.secret), user.address),
      user,
    );
    expect(session.password_change_required).toBe(true);
  });
});

describe('turning TOTP off: DELETE /api/users/me/totp', () => {
  it('refuses a wrong password with 403 and a wrong or used code with 403, changing nothing', async () => {
    const user = await createTwoStepUser();
    await expectNothingChanged(app, async () => {
      const wrongPassword = await disable(user, { password: 'not my password', code: codeOf(user.secret) });
      expectApiError(wrongPassword, 403, 'WRONG_CURRENT_PASSWORD', { fields: ['password'] });
      const german = await disable(
        user,
        { password: 'not my password', code: user.recoveryCodes[0] },
        { 'accept-language': 'de' },
      );
      expectApiError(german, 403, 'WRONG_CURRENT_PASSWORD', { fields: ['password'], language: 'de' });
      const wrongCode = await disable(user, { password: user.password, code: wrongCodeOf(user.secret) });
      expectApiError(wrongCode, 403, 'WRONG_SECOND_FACTOR_CODE', { fields: ['code'] });
      expectApiError(await disable(user, { password: user.password }), 400, 'VALIDATION_FAILED', {
        fields: ['code'],
      });
      expectApiError(await disable(user, { code: codeOf(user.secret) }), 400, 'VALIDATION_FAILED', {
        fields: ['password'],
      });
    });
    expect((await status(user)).json()).toEqual({ enabled: true, recovery_codes_left: 10 });
  });

  it('turns off with a recovery code; the password alone signs in again and every TOTP row of the user is gone', async () => {
    const user = await createTwoStepUser();
    await passwordStep(user);
    const answer = await disable(user, { password: user.password, code: user.recoveryCodes[9] });
    expect(answer.statusCode).toBe(204);
    expect(answer.body).toBe('');
    expect((await status(user)).json()).toEqual({ enabled: false, recovery_codes_left: 0 });
    for (const table of ['totp_credentials', 'recovery_codes', 'mfa_challenges'] as const) {
      const rows = await app.database.db
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', user.user.id)
        .execute();
      expect(rows, table).toEqual([]);
    }
    const session = expectSession(await login(user, user.address), user);
    await expectSignedIn(session.token, user);

    await expectNothingChanged(app, async () => {
      const again = await disable(user, { password: user.password, code: '123456' });
      expectApiError(again, 409, 'SECOND_FACTOR_NOT_ON');
    });
  });

  it('turns off with a current code', async () => {
    const user = await createTwoStepUser();
    expect((await disable(user, { password: user.password, code: codeOf(user.secret) })).statusCode).toBe(
      204,
    );
    expect((await status(user)).json()).toEqual({ enabled: false, recovery_codes_left: 0 });
  });
});

describe('the contract', () => {
  it('validates the body of the code step', async () => {
    const answer = await app.inject({ method: 'POST', url: '/api/login/mfa', payload: { code: '123456' } });
    expectApiError(answer, 400, 'VALIDATION_FAILED', { fields: ['mfa_token'] });
  });

  it('documents every endpoint in OpenAPI, the login answering a session or the second step', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { tags?: string[]; responses: Record<string, unknown> }>>;
    }>();
    const operations = {
      '/api/users/me/totp': ['get', 'post', 'delete'],
      '/api/users/me/totp/confirm': ['post'],
      '/api/login/mfa': ['post'],
    };
    for (const [path, methods] of Object.entries(operations)) {
      for (const method of methods)
        expect(document.paths[path]?.[method]?.tags, `${method} ${path}`).toContain('mfa');
    }
    const loginAnswer = JSON.stringify(document.paths['/api/login']?.post?.responses['200']);
    expect(loginAnswer).toContain('mfa_token');
    expect(loginAnswer).toContain('password_change_required');
  });
});

describe('housekeeping', () => {
  it('the purge job deletes sign-in steps that can no longer be completed, and keeps open ones', async () => {
    const user = await createTwoStepUser();
    const openToken = await passwordStep(user);
    const usedToken = await passwordStep(user);
    expectSession(await loginMfa(usedToken, codeOf(user.secret), user.address), user);
    // The first run of this app: every job is due.
    expect(await app.scheduler.runDueJobs()).toContain('purge-spent-links');
    const left = await app.database.db
      .selectFrom('mfa_challenges')
      .select('token_hash')
      .where('user_id', '=', user.user.id)
      .execute();
    expect(left.map((row) => row.token_hash)).toEqual([hashToken(openToken)]);
  });
});
