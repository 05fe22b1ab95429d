import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import de from '../../../shared/i18n/de.json' with { type: 'json' };
import en from '../../../shared/i18n/en.json' with { type: 'json' };
import { userSchema, type User } from '../../../shared/api/users.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { hashPassword, OWASP_ARGON2_OPTIONS, setPasswordHashingCost } from './passwords.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { countRows, expectNothingChanged } from '../../test/db-snapshot.ts';
import { TEST_ARGON2_COST } from '../../test/setup.ts';
import { createSignedInUser, DEFAULT_PASSWORD, uniqueEmail } from '../../test/factories.ts';
import { accountApi, bearer } from '../../test/http.ts';

const DAY_MS = 24 * 60 * 60_000;
const USER_FIELDS = Object.keys(userSchema.shape).sort();

function expectPublicUser(user: unknown): asserts user is User {
  expect(Object.keys(user as object).sort()).toEqual(USER_FIELDS);
  expect(userSchema.strict().safeParse(user).success).toBe(true);
  expect(JSON.stringify(user)).not.toMatch(/password|argon2/i);
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

// The per-IP limit gets its own app below; here it must not interfere with many calls from one address.
const { app } = useTestApp({ authRateLimitPerMinute: 10_000 });
const api = accountApi(() => app);

async function sessionRowOf(token: string) {
  return app.database.db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
}

describe('POST /api/register', () => {
  it('creates an account without signing in and answers with a message only', async () => {
    // The product's hashing cost for this account (the suites use a cheaper one: server/test/setup.ts).
    setPasswordHashingCost(OWASP_ARGON2_OPTIONS);
    onTestFinished(() => setPasswordHashingCost(TEST_ARGON2_COST));
    const email = uniqueEmail('new');
    const sessionsBefore = await countRows(app, 'sessions');
    const response = await api.register({ email, password: DEFAULT_PASSWORD, inviteToken: null });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: en.api.registered });
    expect(await countRows(app, 'sessions')).toBe(sessionsBefore);

    const row = await app.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(DEFAULT_PASSWORD);
    expect(row.email_verified_at).toBeNull();
    const login = await api.login({ email, password: DEFAULT_PASSWORD });
    expect(login.statusCode).toBe(200);
    const { user } = login.json<{ user: User }>();
    expectPublicUser(user);
    expect(user).toMatchObject({
      email,
      nickname: null,
      first_name: null,
      last_name: null,
      birthday: null,
      language: 'en',
      avatar_url: null,
      email_verified: false,
    });
    expect(user.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('starts no session even with a pending invite token (the client logs in next)', async () => {
    const sessionsBefore = await countRows(app, 'sessions');
    const response = await api.register({
      email: uniqueEmail('invited'),
      password: DEFAULT_PASSWORD,
      inviteToken: 'invite-token-from-link',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: en.api.registered });
    expect(await countRows(app, 'sessions')).toBe(sessionsBefore);
  });

  it('normalises the e-mail (trim, lower case) so login works with any spelling', async () => {
    const local = uniqueEmail('Mixed.Case').replace('@example.com', '');
    const response = await api.register({ email: `  ${local}@Example.COM \t`, password: DEFAULT_PASSWORD });
    expect(response.statusCode).toBe(201);

    const login = await api.login({
      email: ` ${local.toUpperCase()}@EXAMPLE.com `,
      password: DEFAULT_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json<{ user: User }>().user.email).toBe(`${local.toLowerCase()}@example.com`);
  });

  it('stores the caller’s language and answers in it', async () => {
    const email = uniqueEmail();
    const response = await api.register(
      { email, password: DEFAULT_PASSWORD },
      { 'accept-language': 'de-DE,de;q=0.9' },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: de.api.registered });
    const login = await api.login({ email, password: DEFAULT_PASSWORD });
    expect(login.json<{ user: User }>().user.language).toBe('de');
  });
});

describe('POST /api/register: refusals', () => {
  it.each([
    ['12 characters', 'kq8#mZ2p!x4W'],
    ['128 characters', 'x'.repeat(127) + '!'],
  ])('accepts a password of %s', async (_, password) => {
    const email = uniqueEmail();
    expect((await api.register({ email, password })).statusCode).toBe(201);
    expect((await api.login({ email, password })).statusCode).toBe(200);
  });

  it.each([
    ['129 characters', 'x'.repeat(128) + '!', en.validation.passwordTooLong],
    ['0 characters', '', en.validation.required],
  ])('refuses a password of %s as malformed and stores nothing', async (_, password, message) => {
    const email = uniqueEmail();
    const response = await expectNothingChanged(app, () => api.register({ email, password }));
    const body = expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['password'] });
    expect(body.fields?.password).toBe(message);
  });

  // OWASP ASVS 5 L2 (issue 27): each rule refused with WEAK_PASSWORD, the field naming the rule.
  it.each([
    ['11 characters', 'kq8#mZ2p!x4', en.validation.passwordTooShort],
    ['a common password', 'password1234', en.validation.passwordCommon],
    ['a common password in capitals', 'QWERTY123456', en.validation.passwordCommon],
    ['one character repeated', 'zzzzzzzzzzzzzzzz', en.validation.passwordOneCharacter],
    ['the e-mail address', 'ada.lovelace@example.com', en.validation.passwordIsEmail],
    ['the local part of the address, digits added', 'Ada.Lovelace1815', en.validation.passwordIsEmail],
    ['the product name', 'Decision Compass', en.validation.passwordIsProductName],
    ['the product name in lower case without spaces', 'decisioncompass', en.validation.passwordIsProductName],
  ])('refuses %s with WEAK_PASSWORD and stores nothing', async (_, password, message) => {
    const response = await expectNothingChanged(app, () =>
      api.register({ email: 'ada.lovelace@example.com', password }),
    );
    const body = expectApiError(response, 400, 'WEAK_PASSWORD', { fields: ['password'] });
    expect(body.fields?.password).toBe(message);
  });

  it('names the rule in German with accept-language: de', async () => {
    const response = await expectNothingChanged(app, () =>
      api.register({ email: uniqueEmail(), password: 'kurz' }, { 'accept-language': 'de' }),
    );
    const body = expectApiError(response, 400, 'WEAK_PASSWORD', { language: 'de', fields: ['password'] });
    expect(body.fields).toEqual({ password: 'Das Passwort muss mindestens 12 Zeichen lang sein.' });
  });

  it('answers a taken address exactly like a new one, whatever the spelling, and changes nothing', async () => {
    const { email } = await createSignedInUser(app);
    const fresh = await api.register({ email: uniqueEmail(), password: 'a different passphrase' });
    for (const spelling of [email, ` ${email.toUpperCase()} `]) {
      const response = await expectNothingChanged(app, () =>
        api.register({ email: spelling, password: 'a different passphrase' }),
      );
      expect(response.statusCode).toBe(fresh.statusCode);
      expect(response.json()).toEqual(fresh.json());
    }
    // The original password is untouched.
    expect((await api.login({ email, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
  });

  it('names every missing field', async () => {
    const response = await expectNothingChanged(app, () => api.register({}));
    const body = expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['email', 'password'] });
    expect(body.fields).toEqual({ email: en.validation.required, password: en.validation.required });
  });

  it('names every field of the wrong type', async () => {
    const response = await expectNothingChanged(app, () =>
      api.register({ email: 42, password: ['correct horse battery staple'], inviteToken: 7 }),
    );
    const body = expectApiError(response, 400, 'VALIDATION_FAILED', {
      fields: ['email', 'password', 'inviteToken'],
    });
    expect(body.fields?.email).toBe(en.validation.invalidType);
    expect(body.fields?.password).toBe(en.validation.invalidType);
  });

  it.each([
    ['no @', 'not-an-email', en.validation.email],
    ['only spaces', '   ', en.validation.required],
    ['too many characters', `${'a'.repeat(250)}@example.com`, en.validation.tooLong],
  ])('refuses an e-mail with %s', async (_, email, message) => {
    const response = await expectNothingChanged(app, () =>
      api.register({ email, password: DEFAULT_PASSWORD }),
    );
    expect(expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['email'] }).fields?.email).toBe(
      message,
    );
  });

  it.each([
    ['an array', [{ email: 'a@example.com', password: DEFAULT_PASSWORD }]],
    ['a string', 'email=a@example.com'],
    ['null', null],
  ])('refuses a body that is %s', async (_, payload) => {
    const response = await expectNothingChanged(app, () =>
      app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      }),
    );
    expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['_'] });
  });

  it('explains refusals in German with accept-language: de', async () => {
    const response = await api.register(
      { email: 'kaputt', password: 'y'.repeat(129) },
      { 'accept-language': 'de' },
    );
    const body = expectApiError(response, 400, 'VALIDATION_FAILED', {
      language: 'de',
      fields: ['email', 'password'],
    });
    expect(body.error).toBe('Einige Felder sind ungültig. Bitte prüfe deine Eingaben.');
    expect(body.fields).toEqual({
      email: de.validation.email,
      password: 'Das Passwort darf höchstens 128 Zeichen lang sein.',
    });
  });
});

describe('accounts with a password from before the 12-character rule (issue 27)', () => {
  // As stored before: the old rules allowed 8 characters; the hash is all the database holds.
  async function legacyAccount(oldPasswordOf: (email: string) => string) {
    const user = await createSignedInUser(app);
    const password = oldPasswordOf(user.email);
    await app.database.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', user.user.id)
      .execute();
    return { ...user, password };
  }

  it('still log in, and the answer asks for a new password until one is set', async () => {
    const user = await legacyAccount(() => 'kq8#mZ2p');
    const login = await api.login({ email: user.email, password: user.password });
    expect(login.statusCode).toBe(200);
    const session = login.json<{ token: string; password_change_required: boolean }>();
    expect(session.password_change_required).toBe(true);

    const changed = await api.changePassword(
      { oldPassword: user.password, newPassword: 'a brand new passphrase' },
      bearer(session.token),
    );
    expect(changed.statusCode).toBe(200);
    const next = await api.login({ email: user.email, password: 'a brand new passphrase' });
    expect(next.json<{ password_change_required: boolean }>().password_change_required).toBe(false);
  });

  it('are asked the same when the old password breaks another of today’s rules', async () => {
    const user = await legacyAccount((email) => `${email.split('@')[0]}2024`);
    const login = await api.login({ email: user.email, password: user.password });
    expect(login.statusCode).toBe(200);
    expect(login.json<{ password_change_required: boolean }>().password_change_required).toBe(true);
  });
});

describe('POST /api/login', () => {
  it('returns a fresh opaque token and the public user; only the token’s SHA-256 is stored', async () => {
    const email = uniqueEmail();
    await api.register({ email, password: DEFAULT_PASSWORD });
    const response = await api.login({ email, password: DEFAULT_PASSWORD });

    expect(response.statusCode).toBe(200);
    const body = response.json<{ token: string; user: User; password_change_required: boolean }>();
    expect(Object.keys(body).sort()).toEqual(['password_change_required', 'token', 'user']);
    expect(body.password_change_required).toBe(false);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expectPublicUser(body.user);
    expect(body.user.email).toBe(email);

    const session = await sessionRowOf(body.token);
    expect(session).toBeDefined();
    expect(session?.user_id).toBe(body.user.id);
    const tokenColumns = await app.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(tokenColumns.map((row) => row.token_hash)).not.toContain(body.token);
    const expiresInMs = new Date(session?.expires_at ?? 0).getTime() - Date.now();
    expect(expiresInMs).toBeGreaterThan(LIMITS.session.days * DAY_MS - 60_000);
    expect(expiresInMs).toBeLessThanOrEqual(LIMITS.session.days * DAY_MS);
  });

  it('starts an independent session per login', async () => {
    const user = await createSignedInUser(app);
    const second = await api.login({ email: user.email, password: user.password });
    const secondToken = second.json<{ token: string }>().token;
    expect(secondToken).not.toBe(user.token);
    expect((await api.me(user.headers)).statusCode).toBe(200);
    expect((await api.me(bearer(secondToken))).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail identically, and changes nothing', async () => {
    const { email } = await createSignedInUser(app);
    const wrongPassword = await expectNothingChanged(app, () =>
      api.login({ email, password: 'not the password' }),
    );
    const unknownEmail = await expectNothingChanged(app, () =>
      api.login({ email: uniqueEmail('nobody'), password: 'not the password' }),
    );

    expectApiError(wrongPassword, 401, 'INVALID_CREDENTIALS');
    expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownEmail.body).toBe(wrongPassword.body);
    expect(unknownEmail.headers['content-type']).toBe(wrongPassword.headers['content-type']);
  });

  it('says so in German', async () => {
    const response = await api.login(
      { email: uniqueEmail(), password: 'irgendwas' },
      { 'accept-language': 'de' },
    );
    const body = expectApiError(response, 401, 'INVALID_CREDENTIALS', { language: 'de' });
    expect(body.error).toBe('E-Mail oder Passwort ist falsch.');
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['missing fields', {}, { email: en.validation.required, password: en.validation.required }],
    [
      'mistyped fields',
      { email: ['a@example.com'], password: 12345678 },
      { email: en.validation.invalidType, password: en.validation.invalidType },
    ],
    ['an empty password', { email: uniqueEmail(), password: '' }, { password: en.validation.required }],
    [
      'a password over 1,024 characters',
      { email: uniqueEmail(), password: 'p'.repeat(1025) },
      { password: en.validation.tooLong },
    ],
  ])('names the fields of %s (400) and changes nothing', async (_case, payload, fields) => {
    const response = await expectNothingChanged(app, () => api.login(payload));
    const body = expectApiError(response, 400, 'VALIDATION_FAILED', { fields: Object.keys(fields) });
    expect(body.fields).toEqual(fields);
  });
});

describe('POST /api/login: failed-login throttle', () => {
  const attempts = LIMITS.auth.failedLoginsPerAddress;
  const loginFrom = (remoteAddress: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/login', remoteAddress, payload, headers });

  it(`refuses the address even the right password after ${attempts} failures, without starting a session`, async () => {
    const { email } = await createSignedInUser(app);
    for (let i = 0; i < attempts; i += 1) {
      // Different spellings of the same address count against the same account.
      const spelling = i % 2 === 0 ? email : ` ${email.toUpperCase()}`;
      expectApiError(
        await api.login({ email: spelling, password: `wrong guess ${i}` }),
        401,
        'INVALID_CREDENTIALS',
      );
    }
    const locked = await expectNothingChanged(app, () => api.login({ email, password: DEFAULT_PASSWORD }));
    expectApiError(locked, 429, 'RATE_LIMITED');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(LIMITS.auth.failedLoginWindowMinutes * 60 - 60);
    expect(retryAfter).toBeLessThanOrEqual(LIMITS.auth.failedLoginWindowMinutes * 60);

    const german = await api.login({ email, password: DEFAULT_PASSWORD }, { 'accept-language': 'de' });
    expect(expectApiError(german, 429, 'RATE_LIMITED', { language: 'de' }).error).toBe(
      'Zu viele Versuche. Bitte warte kurz und versuche es erneut.',
    );
  });

  it('failures from one address do not lock the owner out: the right password from another address works', async () => {
    const victim = await createSignedInUser(app);
    for (let i = 0; i < attempts + 2; i += 1) {
      const guess = await loginFrom('10.0.0.1', { email: victim.email, password: `wrong ${i}` });
      expect(guess.statusCode).toBe(i < attempts ? 401 : 429);
    }
    const owner = await loginFrom('10.0.0.2', { email: victim.email, password: DEFAULT_PASSWORD });
    expect(owner.statusCode).toBe(200);
    expect((await api.me(bearer(owner.json<{ token: string }>().token))).statusCode).toBe(200);
    // The attacker's address stays refused, even with the right password.
    const attacker = await expectNothingChanged(app, () =>
      loginFrom('10.0.0.1', { email: victim.email, password: DEFAULT_PASSWORD }),
    );
    expectApiError(attacker, 429, 'RATE_LIMITED');
  });

  it(`after ${LIMITS.auth.failedLoginsPerAccount} failures from many addresses every address waits a short delay, named in the message`, async () => {
    const victim = await createSignedInUser(app);
    const perAddress = attempts - 1; // stay below the per-address limit: a distributed attack
    for (let i = 0; i < LIMITS.auth.failedLoginsPerAccount; i += 1) {
      const address = `10.7.${Math.floor(i / perAddress)}.1`;
      expect((await loginFrom(address, { email: victim.email, password: `wrong ${i}` })).statusCode).toBe(
        401,
      );
    }
    const delayed = await expectNothingChanged(app, () =>
      loginFrom('10.0.0.2', { email: victim.email, password: DEFAULT_PASSWORD }),
    );
    const seconds = LIMITS.auth.accountDelaySeconds.first;
    expect(delayed.headers['retry-after']).toBe(String(seconds));
    const body = expectApiError(delayed, 429, 'LOGIN_DELAYED', { params: { seconds } });
    expect(body.error).toContain(`${seconds} seconds`);
    const german = await loginFrom(
      '10.0.0.2',
      { email: victim.email, password: DEFAULT_PASSWORD },
      { 'accept-language': 'de' },
    );
    expectApiError(german, 429, 'LOGIN_DELAYED', { language: 'de', params: { seconds } });

    // After the delay, the owner gets in.
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 50));
    expect(
      (await loginFrom('10.0.0.2', { email: victim.email, password: DEFAULT_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('leaves other accounts alone', async () => {
    const victim = await createSignedInUser(app);
    const bystander = await createSignedInUser(app);
    for (let i = 0; i < attempts; i += 1) await api.login({ email: victim.email, password: `wrong ${i}` });
    expect((await api.login({ email: victim.email, password: DEFAULT_PASSWORD })).statusCode).toBe(429);
    expect((await api.login({ email: bystander.email, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    // Existing sessions keep working: the throttle is about guessing, not a ban.
    expect((await api.me(victim.headers)).statusCode).toBe(200);
  });

  it('throttles an unknown e-mail the same way, so the throttle reveals no accounts', async () => {
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < attempts; i += 1) await api.login({ email: nobody, password: `wrong ${i}` });
    expectApiError(await api.login({ email: nobody, password: DEFAULT_PASSWORD }), 429, 'RATE_LIMITED');
  });

  it('does not refuse below the threshold, and a success clears the count', async () => {
    const { email } = await createSignedInUser(app);
    for (let i = 0; i < attempts - 1; i += 1) await api.login({ email, password: `wrong ${i}` });
    expect((await api.login({ email, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    for (let i = 0; i < attempts - 1; i += 1) await api.login({ email, password: `wrong again ${i}` });
    expect((await api.login({ email, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
  });
});

describe('POST /api/logout', () => {
  it('revokes exactly the calling session', async () => {
    const user = await createSignedInUser(app);
    const other = await api.login({ email: user.email, password: user.password });
    const otherHeaders = bearer(other.json<{ token: string }>().token);
    const sessionsBefore = await countRows(app, 'sessions');

    const response = await api.logout(user.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: en.api.loggedOut });
    expect(await sessionRowOf(user.token)).toBeUndefined();
    expect(await countRows(app, 'sessions')).toBe(sessionsBefore - 1);

    expectApiError(await api.me(user.headers), 401, 'UNAUTHORIZED');
    expectApiError(await expectNothingChanged(app, () => api.logout(user.headers)), 401, 'UNAUTHORIZED');
    expect((await api.me(otherHeaders)).statusCode).toBe(200);
  });

  it('answers in German', async () => {
    const user = await createSignedInUser(app);
    const response = await api.logout({ ...user.headers, 'accept-language': 'de' });
    expect(response.json()).toEqual({ message: 'Abgemeldet.' });
  });
});

describe('POST /api/change-password', () => {
  const NEW_PASSWORD = 'a brand new passphrase';

  it('refuses a wrong current password and keeps the old one', async () => {
    const user = await createSignedInUser(app);
    const response = await expectNothingChanged(app, () =>
      api.changePassword({ oldPassword: 'not my password', newPassword: NEW_PASSWORD }, user.headers),
    );
    const body = expectApiError(response, 400, 'WRONG_PASSWORD', { fields: ['oldPassword'] });
    expect(body.fields?.oldPassword).toBe(en.errors.WRONG_PASSWORD);
    expect((await api.login({ email: user.email, password: user.password })).statusCode).toBe(200);
    expect((await api.login({ email: user.email, password: NEW_PASSWORD })).statusCode).toBe(401);
  });

  it.each([
    ['11 characters', () => 'kq8#mZ2p!x4', en.validation.passwordTooShort],
    ['a common password', () => 'Password2025', en.validation.passwordCommon],
    ['one character repeated', () => '############', en.validation.passwordOneCharacter],
    ['the account’s address', (email: string) => email.toUpperCase(), en.validation.passwordIsEmail],
    ['its local part', (email: string) => `${email.split('@')[0]}!`, en.validation.passwordIsEmail],
    ['the product name', () => 'DECISION COMPASS 2024', en.validation.passwordIsProductName],
  ])('refuses a new password that is %s, keeping the old one', async (_, newPasswordOf, message) => {
    const user = await createSignedInUser(app);
    const newPassword = newPasswordOf(user.email);
    const response = await expectNothingChanged(app, () =>
      api.changePassword({ oldPassword: user.password, newPassword }, user.headers),
    );
    const body = expectApiError(response, 400, 'WEAK_PASSWORD', { fields: ['newPassword'] });
    expect(body.fields?.newPassword).toBe(message);
    expect((await api.login({ email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('refuses a new password of 129 characters as malformed', async () => {
    const user = await createSignedInUser(app);
    const response = await expectNothingChanged(app, () =>
      api.changePassword({ oldPassword: user.password, newPassword: 'y'.repeat(129) }, user.headers),
    );
    expect(
      expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['newPassword'] }).fields?.newPassword,
    ).toBe(en.validation.passwordTooLong);
  });

  it('names missing and mistyped fields', async () => {
    const user = await createSignedInUser(app);
    const missing = await expectNothingChanged(app, () => api.changePassword({}, user.headers));
    expectApiError(missing, 400, 'VALIDATION_FAILED', { fields: ['oldPassword', 'newPassword'] });
    const mistyped = await expectNothingChanged(app, () =>
      api.changePassword({ oldPassword: true, newPassword: { value: NEW_PASSWORD } }, user.headers),
    );
    expect(
      expectApiError(mistyped, 400, 'VALIDATION_FAILED', { fields: ['oldPassword', 'newPassword'] }).fields,
    ).toEqual({
      oldPassword: en.validation.invalidType,
      newPassword: en.validation.invalidType,
    });
    const overlong = await expectNothingChanged(app, () =>
      api.changePassword({ oldPassword: 'o'.repeat(1025), newPassword: NEW_PASSWORD }, user.headers),
    );
    expect(
      expectApiError(overlong, 400, 'VALIDATION_FAILED', { fields: ['oldPassword'] }).fields?.oldPassword,
    ).toBe(en.validation.tooLong);
  });

  it('changes the password, keeps the caller signed in and signs out the user’s other sessions only', async () => {
    const user = await createSignedInUser(app);
    const otherSession = bearer(
      (await api.login({ email: user.email, password: user.password })).json<{ token: string }>().token,
    );
    const someoneElse = await createSignedInUser(app);

    const response = await api.changePassword(
      { oldPassword: user.password, newPassword: NEW_PASSWORD },
      user.headers,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: en.api.passwordChanged });

    expect((await api.me(user.headers)).statusCode).toBe(200);
    expectApiError(await api.me(otherSession), 401, 'UNAUTHORIZED');
    expect((await api.me(someoneElse.headers)).statusCode).toBe(200);

    expectApiError(
      await api.login({ email: user.email, password: user.password }),
      401,
      'INVALID_CREDENTIALS',
    );
    expect((await api.login({ email: user.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('answers in the user’s saved language when the request names none', async () => {
    const email = uniqueEmail();
    await api.register({ email, password: DEFAULT_PASSWORD }, { 'accept-language': 'de' });
    const { token } = (await api.login({ email, password: DEFAULT_PASSWORD })).json<{ token: string }>();
    const response = await api.changePassword(
      { oldPassword: 'falsch', newPassword: NEW_PASSWORD },
      bearer(token),
    );
    const body = expectApiError(response, 400, 'WRONG_PASSWORD', { language: 'de', fields: ['oldPassword'] });
    expect(body.error).toBe('Das aktuelle Passwort ist falsch.');
  });
});

describe('sessions', () => {
  it('extend to 30 days from the last use (sliding expiry)', async () => {
    const user = await createSignedInUser(app);
    const session = await sessionRowOf(user.token);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000).toISOString();
    const inOneMinute = new Date(Date.now() + 60_000).toISOString();
    await app.database.db
      .updateTable('sessions')
      .set({ last_used_at: twoHoursAgo, expires_at: inOneMinute })
      .where('id', '=', session?.id ?? -1)
      .execute();

    expect((await api.me(user.headers)).statusCode).toBe(200);

    const slid = await sessionRowOf(user.token);
    const expiresInMs = new Date(slid?.expires_at ?? 0).getTime() - Date.now();
    expect(expiresInMs).toBeGreaterThan(LIMITS.session.days * DAY_MS - 60_000);
    expect(expiresInMs).toBeLessThanOrEqual(LIMITS.session.days * DAY_MS);
    expect(Date.now() - new Date(slid?.last_used_at ?? 0).getTime()).toBeLessThan(60_000);
  });

  it('end once expired, and the expired row is not revived', async () => {
    const user = await createSignedInUser(app);
    await app.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', sha256(user.token))
      .execute();
    const response = await expectNothingChanged(app, () => api.me(user.headers));
    expectApiError(response, 401, 'UNAUTHORIZED');
  });
});

describe('per-IP rate limit on login, register and change-password', () => {
  const LIMIT = 3;
  let limited: TestApp;

  beforeAll(async () => {
    limited = await buildTestApp({ authRateLimitPerMinute: LIMIT });
  });
  afterAll(() => limited.close());

  function expectRateLimited(response: LightMyRequestResponse, language: 'en' | 'de' = 'en') {
    expectApiError(response, 429, 'RATE_LIMITED', { language });
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  }

  it(`answers the ${LIMIT + 1}th login from one address with 429 and retry-after`, async () => {
    const fromA = (payload: object, headers: Record<string, string> = {}) =>
      limited.app.inject({ method: 'POST', url: '/api/login', remoteAddress: '10.0.1.1', payload, headers });
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await fromA({ email: 'guess@example.com', password: `guess ${i}` })).statusCode).toBe(401);
    }
    expectRateLimited(await fromA({ email: 'guess@example.com', password: 'guess' }));
    // A forged X-Forwarded-For does not buy a fresh budget (no trusted proxy configured).
    expectRateLimited(
      await fromA({ email: 'guess@example.com', password: 'guess' }, { 'x-forwarded-for': '203.0.113.9' }),
    );
    expectRateLimited(
      await fromA({ email: 'guess@example.com', password: 'guess' }, { 'accept-language': 'de' }),
      'de',
    );

    // Another address is still served.
    const fromB = await limited.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.0.1.2',
      payload: { email: 'guess@example.com', password: 'guess' },
    });
    expect(fromB.statusCode).toBe(401);
  });

  it('limits registration and stores nothing once limited', async () => {
    const register = (email: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: '10.0.2.1',
        payload: { email, password: DEFAULT_PASSWORD },
      });
    for (let i = 0; i < LIMIT; i += 1) expect((await register(uniqueEmail())).statusCode).toBe(201);
    const email = uniqueEmail('limited');
    expectRateLimited(await expectNothingChanged(limited.app, () => register(email)));
  });

  it('limits password changes and keeps the password once limited', async () => {
    const user = await createSignedInUser(limited.app);
    const change = (oldPassword: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/change-password',
        remoteAddress: '10.0.3.1',
        headers: user.headers,
        payload: { oldPassword, newPassword: 'a brand new passphrase' },
      });
    for (let i = 0; i < LIMIT; i += 1) expect((await change(`wrong ${i}`)).statusCode).toBe(400);
    expectRateLimited(await expectNothingChanged(limited.app, () => change(user.password)));
  });
});

describe.each([
  ['a hop count', 1],
  ['the proxy address', ['10.0.9.1']],
] as const)('per-IP rate limit behind a reverse proxy trusted by %s', (_label, trustProxy) => {
  const LIMIT = 3;
  let proxied: TestApp;

  beforeAll(async () => {
    proxied = await buildTestApp({
      authRateLimitPerMinute: LIMIT,
      trustProxy: typeof trustProxy === 'number' ? trustProxy : [...trustProxy],
    });
  });
  afterAll(() => proxied.close());

  // The proxy (10.0.9.1) appends the address it saw; whatever the client sent before it is forged.
  const loginVia = (forwardedFor: string) =>
    proxied.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.0.9.1',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: 'guess@example.com', password: 'guess' },
    });

  it('limits the client the proxy saw, whatever hops the client forged before it', async () => {
    for (let i = 0; i < LIMIT; i += 1) {
      expect((await loginVia(`203.0.113.${i}, 198.51.100.7`)).statusCode).toBe(401);
    }
    expectApiError(await loginVia('203.0.113.99, 198.51.100.7'), 429, 'RATE_LIMITED');
    // The proxy's hop is believed: another client behind the same proxy keeps its own budget.
    expect((await loginVia('198.51.100.8')).statusCode).toBe(401);
  });
});
