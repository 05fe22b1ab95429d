import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Passkey, PasskeyList } from '../../../shared/api/passkeys.ts';
import type { User } from '../../../shared/api/users.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { countRows, expectNothingChanged } from '../../test/db-snapshot.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import {
  createSoftwareAuthenticator,
  type SoftwareAuthenticator,
  type SoftwareCredential,
} from '../../test/software-authenticator.ts';

let smtp: TestSmtpServer;
let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  smtp = await startSmtpServer();
  testApp = await buildTestApp({ authRateLimitPerMinute: 100_000, smtpUrl: smtp.url });
  app = testApp.app;
});
afterAll(async () => {
  await testApp.close();
  await smtp.close();
});

/** The "passkey added" mails the account's address received (after the mail queue ran dry). */
async function passkeyAddedMailsTo(email: string) {
  await app.mailer.idle();
  return smtp.messages.filter((mail) => mail.envelopeTo.includes(email) && /passkey/i.test(mail.subject));
}

type Headers = Record<string, string>;

const api = {
  registrationOptions: (headers: Headers, on = app) =>
    on.inject({ method: 'POST', url: '/api/users/me/passkeys/options', headers }),
  register: (payload: object, headers: Headers, on = app) =>
    on.inject({ method: 'POST', url: '/api/users/me/passkeys', payload, headers }),
  list: (headers: Headers) => app.inject({ method: 'GET', url: '/api/users/me/passkeys', headers }),
  rename: (id: number | string, payload: object, headers: Headers) =>
    app.inject({ method: 'PATCH', url: `/api/users/me/passkeys/${id}`, payload, headers }),
  remove: (id: number | string, headers: Headers) =>
    app.inject({ method: 'DELETE', url: `/api/users/me/passkeys/${id}`, headers }),
  signInOptions: (on = app) => on.inject({ method: 'POST', url: '/api/login/passkey/options' }),
  signIn: (
    payload: object,
    options: { headers?: Headers; remoteAddress?: string; on?: FastifyInstance } = {},
  ) =>
    (options.on ?? app).inject({
      method: 'POST',
      url: '/api/login/passkey',
      payload,
      headers: options.headers ?? {},
      remoteAddress: options.remoteAddress ?? '127.0.0.1',
    }),
};

interface RegistrationOptionsJson {
  challenge: string;
  rp: { id: string; name: string };
  user: { id: string; name: string; displayName: string };
  excludeCredentials: { id: string }[];
  authenticatorSelection: { residentKey: string; userVerification: string };
  attestation: string;
}

function newAuthenticator(): SoftwareAuthenticator {
  return createSoftwareAuthenticator({
    rpId: testApp.config.passkeys.rpId,
    origin: testApp.config.passkeys.origin,
  });
}

/** Runs the whole registration ceremony: options, the authenticator's answer, the verify call. */
async function registerPasskey(
  user: SignedInUser,
  authenticator = newAuthenticator(),
  body: { name?: string } = {},
): Promise<{ passkey: Passkey; credential: SoftwareCredential; authenticator: SoftwareAuthenticator }> {
  const options = (await api.registrationOptions(user.headers)).json<RegistrationOptionsJson>();
  const { credential, response } = authenticator.register(options);
  const answer = await api.register({ response, ...body }, user.headers);
  expect(answer.statusCode).toBe(201);
  return { passkey: answer.json<Passkey>(), credential, authenticator };
}

async function signInOptions(on = app): Promise<{ challenge: string }> {
  return (await api.signInOptions(on)).json<{ challenge: string }>();
}

async function passkeyRow(id: number) {
  return app.database.db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('registering a passkey', () => {
  it('verifies a real attestation and stores the credential with a default name', async () => {
    const user = await createSignedInUser(app);
    const optionsAnswer = await api.registrationOptions(user.headers);
    expect(optionsAnswer.statusCode).toBe(200);
    const options = optionsAnswer.json<RegistrationOptionsJson>();
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'Decision Compass' },
      user: { name: user.email },
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      attestation: 'none',
    });
    // The user handle is random, never the e-mail or the row id.
    expect(Buffer.from(options.user.id, 'base64url')).toHaveLength(32);

    const authenticator = newAuthenticator();
    const { credential, response } = authenticator.register(options);
    const answer = await api.register({ response }, user.headers);
    expect(answer.statusCode).toBe(201);
    const passkey = answer.json<Passkey>();
    const today = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date());
    expect(passkey).toEqual({
      id: expect.any(Number),
      name: `Passkey on ${today}`,
      created_at: expect.any(String),
      last_used_at: null,
    });
    const row = await passkeyRow(passkey.id);
    expect(row).toMatchObject({
      user_id: user.user.id,
      credential_id: credential.id,
      user_handle: options.user.id,
      transports: '["internal"]',
    });
    expect(Number(row.counter)).toBe(0);
    expect(Buffer.from(row.public_key).length).toBeGreaterThan(64);
    // The challenge is spent.
    expect(await countRows(app, 'passkey_challenges')).toBe(0);
    expect((await api.list(user.headers)).json<PasskeyList>()).toEqual({ passkeys: [passkey] });

    // The owner hears of every new passkey: a stolen session could otherwise add one unnoticed.
    const [mail, ...more] = await passkeyAddedMailsTo(user.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('A passkey was added to your account');
    expect(mail!.text).toContain(`“${passkey.name}”`);
    expect(mail!.text).toContain(`${testApp.config.appUrl}/profile`);
  });

  it('takes a trimmed name, and names a passkey in German for a German request', async () => {
    const user = await createSignedInUser(app);
    const { passkey } = await registerPasskey(user, newAuthenticator(), { name: '  Laptop  ' });
    expect(passkey.name).toBe('Laptop');

    const german = { ...user.headers, 'accept-language': 'de' };
    const options = (await api.registrationOptions(german)).json<RegistrationOptionsJson>();
    const { response } = newAuthenticator().register(options);
    const answer = await api.register({ response }, german);
    const today = new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date());
    expect(answer.json<Passkey>().name).toBe(`Passkey vom ${today}`);
    // The account's language is English: its mails stay English whatever the request's language.
    const subjects = (await passkeyAddedMailsTo(user.email)).map((mail) => mail.subject);
    expect(subjects).toEqual(['A passkey was added to your account', 'A passkey was added to your account']);
  });

  it('excludes the passkeys already registered and keeps one user handle per account', async () => {
    const user = await createSignedInUser(app);
    const first = await registerPasskey(user);
    const options = (await api.registrationOptions(user.headers)).json<RegistrationOptionsJson>();
    expect(options.excludeCredentials.map((descriptor) => descriptor.id)).toEqual([first.credential.id]);
    expect(options.user.id).toBe(first.credential.userHandle);
    // The browser refuses to register the same authenticator twice.
    expect(() => first.authenticator.register(options)).toThrow(/InvalidStateError/);

    const { response } = newAuthenticator().register(options);
    expect((await api.register({ response }, user.headers)).statusCode).toBe(201);
    expect((await api.list(user.headers)).json<PasskeyList>().passkeys).toHaveLength(2);
  });
});

describe('refusing a registration', () => {
  it('refuses a replayed answer, an expired challenge and someone else’s challenge, changing nothing', async () => {
    const owner = await createSignedInUser(app);
    const stranger = await createSignedInUser(app);
    const options = (await api.registrationOptions(owner.headers)).json<RegistrationOptionsJson>();
    const { response } = newAuthenticator().register(options);

    // The stranger cannot spend the owner's challenge, and the owner's stays usable.
    const stolen = await expectNothingChanged(app, () => api.register({ response }, stranger.headers));
    expectApiError(stolen, 400, 'PASSKEY_CHALLENGE_INVALID');
    expect((await api.register({ response }, owner.headers)).statusCode).toBe(201);

    const replayed = await expectNothingChanged(app, () => api.register({ response }, owner.headers));
    expectApiError(replayed, 400, 'PASSKEY_CHALLENGE_INVALID');

    const late = (await api.registrationOptions(owner.headers)).json<RegistrationOptionsJson>();
    await app.database.db
      .updateTable('passkey_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('challenge', '=', late.challenge)
      .execute();
    const lateAnswer = newAuthenticator().register(late).response;
    const expired = await expectNothingChanged(app, () =>
      api.register({ response: lateAnswer }, owner.headers),
    );
    expectApiError(expired, 400, 'PASSKEY_CHALLENGE_INVALID', { language: 'en' });
    const german = await api.register(
      { response: lateAnswer },
      { ...owner.headers, 'accept-language': 'de' },
    );
    expectApiError(german, 400, 'PASSKEY_CHALLENGE_INVALID', { language: 'de' });
  });

  it('refuses an answer made for another origin or a forged challenge; only the challenge is spent', async () => {
    const user = await createSignedInUser(app);
    const options = (await api.registrationOptions(user.headers)).json<RegistrationOptionsJson>();
    const phished = newAuthenticator().register(options, {
      origin: 'https://decision-compass.example',
    }).response;
    const refused = await expectNothingChanged(app, () => api.register({ response: phished }, user.headers), {
      except: ['passkey_challenges'],
    });
    expectApiError(refused, 400, 'PASSKEY_NOT_VERIFIED');
    const spent = await app.database.db
      .selectFrom('passkey_challenges')
      .select('challenge')
      .where('challenge', '=', options.challenge)
      .execute();
    expect(spent).toEqual([]);

    const forged = newAuthenticator().register({ ...options, challenge: 'Zm9yZ2Vk' }).response;
    expectApiError(
      await expectNothingChanged(app, () => api.register({ response: forged }, user.headers)),
      400,
      'PASSKEY_CHALLENGE_INVALID',
    );
  });

  it('refuses a credential that is registered already, to any account', async () => {
    const owner = await createSignedInUser(app);
    const other = await createSignedInUser(app);
    const { credential, authenticator } = await registerPasskey(owner);
    const options = (await api.registrationOptions(other.headers)).json<RegistrationOptionsJson>();
    const { response } = authenticator.register(options, { reusing: credential });
    const refused = await expectNothingChanged(app, () => api.register({ response }, other.headers), {
      except: ['passkey_challenges'],
    });
    expectApiError(refused, 409, 'PASSKEY_ALREADY_REGISTERED');
  });

  it(`allows at most ${LIMITS.passkey.maxPerUser} passkeys per account`, async () => {
    const user = await createSignedInUser(app);
    const { credential } = await registerPasskey(user);
    const row = await app.database.db
      .selectFrom('passkeys')
      .selectAll()
      .where('credential_id', '=', credential.id)
      .executeTakeFirstOrThrow();
    const { id: _id, ...template } = row;
    for (let index = 1; index < LIMITS.passkey.maxPerUser; index++)
      await app.database.db
        .insertInto('passkeys')
        .values({ ...template, credential_id: `copy-${index}-${credential.id}` })
        .execute();
    const refused = await expectNothingChanged(app, () => api.registrationOptions(user.headers));
    expectApiError(refused, 409, 'TOO_MANY_PASSKEYS', { params: { max: LIMITS.passkey.maxPerUser } });
  });

  it('needs a session and a well-formed answer', async () => {
    const user = await createSignedInUser(app);
    expectApiError(await api.registrationOptions({}), 401, 'UNAUTHORIZED');
    expectApiError(await api.list({}), 401, 'UNAUTHORIZED');
    const malformed = await expectNothingChanged(app, () =>
      api.register({ response: { id: 'x' } }, user.headers),
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
  });
});

describe('naming and removing passkeys', () => {
  it('renames with a trimmed single-line name and refuses control characters, empty and long names', async () => {
    const user = await createSignedInUser(app);
    const { passkey } = await registerPasskey(user);
    const renamed = await api.rename(passkey.id, { name: '  Phone  ' }, user.headers);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<Passkey>()).toEqual({ ...passkey, name: 'Phone' });

    for (const name of ['two\nlines', 'bidi\u202eoverride', '   ', 'x'.repeat(LIMITS.passkey.nameMax + 1)]) {
      const refused = await expectNothingChanged(app, () => api.rename(passkey.id, { name }, user.headers));
      expectApiError(refused, 400, 'VALIDATION_FAILED', { fields: ['name'] });
    }
  });

  it('answers 404 for someone else’s or an unknown passkey, changing nothing', async () => {
    const owner = await createSignedInUser(app);
    const stranger = await createSignedInUser(app);
    const { passkey } = await registerPasskey(owner);
    for (const id of [passkey.id, 999_999]) {
      expectApiError(
        await expectNothingChanged(app, () => api.rename(id, { name: 'Mine now' }, stranger.headers)),
        404,
        'NOT_FOUND',
      );
      expectApiError(
        await expectNothingChanged(app, () => api.remove(id, stranger.headers)),
        404,
        'NOT_FOUND',
      );
    }
  });

  it('removes a passkey, which then signs nobody in', async () => {
    const user = await createSignedInUser(app);
    const { passkey, credential, authenticator } = await registerPasskey(user);
    expect((await api.remove(passkey.id, user.headers)).statusCode).toBe(204);
    expect((await api.list(user.headers)).json<PasskeyList>()).toEqual({ passkeys: [] });
    const assertion = authenticator.authenticate(await signInOptions(), credential);
    expectApiError(await api.signIn({ response: assertion }), 401, 'PASSKEY_UNKNOWN');
  });

  it('goes with its account', async () => {
    const user = await createSignedInUser(app);
    await registerPasskey(user);
    await api.registrationOptions(user.headers);
    await app.database.db.deleteFrom('sessions').where('user_id', '=', user.user.id).execute();
    await app.database.db.deleteFrom('users').where('id', '=', user.user.id).execute();
    const left = async (table: 'passkeys' | 'passkey_challenges') =>
      (
        await app.database.db
          .selectFrom(table)
          .select('user_id')
          .where('user_id', '=', user.user.id)
          .execute()
      ).length;
    expect(await left('passkeys')).toBe(0);
    expect(await left('passkey_challenges')).toBe(0);
  });
});

describe('signing in with a passkey', () => {
  it('offers options without an account and answers exactly like the password login', async () => {
    const user = await createSignedInUser(app);
    const { passkey, credential, authenticator } = await registerPasskey(user);
    const optionsAnswer = await api.signInOptions();
    expect(optionsAnswer.statusCode).toBe(200);
    const options = optionsAnswer.json<{ challenge: string; rpId: string; userVerification: string }>();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'preferred' });
    expect(options).not.toHaveProperty('allowCredentials.0');

    const answer = await api.signIn({ response: authenticator.authenticate(options, credential) });
    expect(answer.statusCode).toBe(200);
    const session = answer.json<{ token: string; user: User; password_change_required: boolean }>();
    expect(Object.keys(session).sort()).toEqual(['password_change_required', 'token', 'user']);
    expect(session.user).toEqual(user.user);
    expect(session.password_change_required).toBe(false);
    const me = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(me.json<User>().id).toBe(user.user.id);

    const row = await passkeyRow(passkey.id);
    expect(Number(row.counter)).toBe(1);
    expect(row.last_used_at).not.toBeNull();
    const [listed] = (await api.list(user.headers)).json<PasskeyList>().passkeys;
    expect(listed!.last_used_at).toEqual(expect.any(String));
  });
});

describe('refusing a passkey sign-in', () => {
  it('refuses a replayed answer and a forged challenge, changing nothing', async () => {
    const user = await createSignedInUser(app);
    const { credential, authenticator } = await registerPasskey(user);
    const assertion = authenticator.authenticate(await signInOptions(), credential);
    expect((await api.signIn({ response: assertion })).statusCode).toBe(200);
    const replayed = await expectNothingChanged(app, () => api.signIn({ response: assertion }));
    expectApiError(replayed, 400, 'PASSKEY_CHALLENGE_INVALID');

    await signInOptions();
    const forged = authenticator.authenticate(await signInOptions(), credential, { challenge: 'Zm9yZ2Vk' });
    expectApiError(
      await expectNothingChanged(app, () => api.signIn({ response: forged })),
      400,
      'PASSKEY_CHALLENGE_INVALID',
    );
  });

  it('refuses an unknown passkey with a clear message in the caller’s language', async () => {
    const stranger = newAuthenticator();
    const { credential } = stranger.register({ challenge: 'dW51c2Vk', user: { id: 'dXNlcg' } });
    const options = await signInOptions();
    const refused = await expectNothingChanged(
      app,
      () =>
        api.signIn(
          { response: stranger.authenticate(options, credential) },
          { headers: { 'accept-language': 'de' } },
        ),
      { except: ['passkey_challenges'] },
    );
    expectApiError(refused, 401, 'PASSKEY_UNKNOWN', { language: 'de' });
  });

  it('refuses a counter that went back (a cloned authenticator) and counts it as a failed login', async () => {
    const user = await createSignedInUser(app);
    const { passkey, credential, authenticator } = await registerPasskey(user);
    expect(
      (await api.signIn({ response: authenticator.authenticate(await signInOptions(), credential) }))
        .statusCode,
    ).toBe(200);
    const before = await passkeyRow(passkey.id);
    const cloned = authenticator.authenticate(await signInOptions(), credential, { counter: 1 });
    const refused = await expectNothingChanged(
      app,
      () => api.signIn({ response: cloned }, { remoteAddress: '10.9.9.9' }),
      {
        except: ['passkey_challenges'],
      },
    );
    expectApiError(refused, 401, 'PASSKEY_SIGN_IN_FAILED');
    expect(await passkeyRow(passkey.id)).toEqual(before);
    const failures = await app.database.db
      .selectFrom('rate_limit_counters')
      .select(['key', 'count'])
      .where('key', '=', `login:pair:${user.email}\n10.9.9.9`)
      .executeTakeFirst();
    expect(failures?.count).toBe(1);
  });

  it('refuses a signature made with another key', async () => {
    const user = await createSignedInUser(app);
    const { credential, authenticator } = await registerPasskey(user);
    const impostor = newAuthenticator().register({
      challenge: 'dW51c2Vk',
      user: { id: credential.userHandle },
    });
    const forgedKey = { ...credential, privateKey: impostor.credential.privateKey };
    const signed = authenticator.authenticate(await signInOptions(), forgedKey);
    expectApiError(
      await expectNothingChanged(app, () => api.signIn({ response: signed }), {
        except: ['passkey_challenges'],
      }),
      401,
      'PASSKEY_SIGN_IN_FAILED',
    );
  });

  it('shares the login throttle: after the failures of one address, that address waits, others do not', async () => {
    const user = await createSignedInUser(app);
    const { credential, authenticator } = await registerPasskey(user);
    const attacker = '10.7.7.7';
    // The counter is 1 from now on, so an answer reporting 0 is refused.
    expect(
      (await api.signIn({ response: authenticator.authenticate(await signInOptions(), credential) }))
        .statusCode,
    ).toBe(200);
    for (let attempt = 0; attempt < LIMITS.auth.failedLoginsPerAddress; attempt++) {
      const stale = authenticator.authenticate(await signInOptions(), credential, { counter: 0 });
      expect((await api.signIn({ response: stale }, { remoteAddress: attacker })).statusCode).toBe(401);
    }
    const valid = authenticator.authenticate(await signInOptions(), credential);
    const locked = await api.signIn({ response: valid }, { remoteAddress: attacker });
    expect(locked.statusCode).toBe(429);
    expect(locked.json<{ code: string }>().code).toBe('RATE_LIMITED');
    const fromElsewhere = authenticator.authenticate(await signInOptions(), credential);
    expect((await api.signIn({ response: fromElsewhere }, { remoteAddress: '10.8.8.8' })).statusCode).toBe(
      200,
    );
  });
});

describe('passkeys on several instances', () => {
  it('works across two instances: the challenge lives in the database', async () => {
    const user = await createSignedInUser(app);
    const sibling = await testApp.sibling();
    const options = (await api.registrationOptions(user.headers, sibling)).json<RegistrationOptionsJson>();
    const authenticator = newAuthenticator();
    const { credential, response } = authenticator.register(options);
    expect((await api.register({ response }, user.headers)).statusCode).toBe(201);
    const signInChallenge = await signInOptions();
    const answer = await api.signIn(
      { response: authenticator.authenticate(signInChallenge, credential) },
      { on: sibling },
    );
    expect(answer.statusCode).toBe(200);
  });

  it('purges challenges nobody answered once they expired, and only those', async () => {
    const expired = await signInOptions();
    const live = await signInOptions();
    await app.database.db
      .updateTable('passkey_challenges')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('challenge', '=', expired.challenge)
      .execute();
    expect(await app.scheduler.runDueJobs()).toContain('purge-expired-passkey-challenges');
    const left = await app.database.db
      .selectFrom('passkey_challenges')
      .select('challenge')
      .where('challenge', 'in', [expired.challenge, live.challenge])
      .execute();
    expect(left).toEqual([{ challenge: live.challenge }]);
  });
});
