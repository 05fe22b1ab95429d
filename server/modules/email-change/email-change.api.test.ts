import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import de from '../../../shared/i18n/de.json' with { type: 'json' };
import en from '../../../shared/i18n/en.json' with { type: 'json' };
import type { User } from '../../../shared/api/users.ts';
import { hashToken } from '../auth/index.ts';
import { EMAIL_CHANGE_LIMITS } from './service.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../test/factories.ts';
import { accountApi } from '../../test/http.ts';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../test/smtp.ts';

let smtp: TestSmtpServer;
let testApp: TestApp;
let app: FastifyInstance;
const api = accountApi(() => app);

beforeAll(async () => {
  smtp = await startSmtpServer();
  testApp = await buildTestApp({ authRateLimitPerMinute: 10_000, smtpUrl: smtp.url });
  app = testApp.app;
});
afterEach(() => {
  smtp.messages.length = 0;
});
afterAll(async () => {
  await testApp.close();
  await smtp.close();
});

type Headers = Record<string, string>;
const requestChange = (payload: unknown, headers: Headers) =>
  app.inject({ method: 'POST', url: '/api/users/me/email', payload: payload as object, headers });
const confirmChange = (token: unknown, headers: Headers = {}) =>
  app.inject({ method: 'POST', url: '/api/users/me/email/confirm', payload: { token } as object, headers });

/** Every mail the SMTP peer received for the address, once the queue ran dry. */
async function mailsTo(email: string): Promise<ReceivedMail[]> {
  await app.mailer.idle();
  return smtp.messages.filter((mail) => mail.envelopeTo.includes(email));
}

function changeTokenOf(mail: ReceivedMail): string {
  const pattern = new RegExp(`${testApp.config.appUrl}/confirm-email-change\\?token=([A-Za-z0-9_-]+)`);
  const match = pattern.exec(mail.text ?? '');
  if (!match) throw new Error(`no confirmation link in: ${mail.text}`);
  return match[1]!;
}

/** A signed-in account with nothing in the mailbox yet (its registration mail is cleared). */
async function accountWithEmptyMailbox(overrides: { isVerified?: boolean } = {}): Promise<SignedInUser> {
  const user = await createSignedInUser(app, overrides);
  await app.mailer.idle();
  smtp.messages.length = 0;
  return user;
}

/** Asks to move the account to `newEmail` and answers the token of the link mailed there. */
async function requestedChange(user: SignedInUser, newEmail: string): Promise<string> {
  const response = await requestChange({ new_email: newEmail, password: user.password }, user.headers);
  expect(response.statusCode).toBe(202);
  const [mail] = await mailsTo(newEmail);
  return changeTokenOf(mail!);
}

async function emailOf(userId: number) {
  return app.database.db
    .selectFrom('users')
    .select(['email', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

describe('POST /api/users/me/email', () => {
  it('mails a single-use link to the new address and a notice to the old one; the address stays until it is opened', async () => {
    const user = await accountWithEmptyMailbox();
    const newEmail = uniqueEmail('new');

    const response = await requestChange({ new_email: newEmail, password: user.password }, user.headers);

    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: en.api.emailChangeRequested });
    const [confirmation, ...moreToNew] = await mailsTo(newEmail);
    expect(moreToNew).toEqual([]);
    expect(confirmation!.subject).toBe(en.mail.emailChangeConfirmation.subject);
    const token = changeTokenOf(confirmation!);
    expect(confirmation!.html).toContain(
      `href="${testApp.config.appUrl}/confirm-email-change?token=${token}"`,
    );
    const [notice, ...moreToOld] = await mailsTo(user.email);
    expect(moreToOld).toEqual([]);
    expect(notice!.subject).toBe(en.mail.emailChangeNotice.subject);
    expect(notice!.text).toContain(newEmail);
    expect(notice!.text).toContain(`${testApp.config.appUrl}/forgot-password`);
    expect(notice!.text).not.toContain(token);

    const row = await app.database.db
      .selectFrom('email_change_tokens')
      .selectAll()
      .where('user_id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ token_hash: hashToken(token), new_email: newEmail, used_at: null });
    expect(JSON.stringify(row)).not.toContain(token);
    const validMs = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
    expect(validMs).toBe(EMAIL_CHANGE_LIMITS.validHours * 3600_000);
    expect((await emailOf(user.user.id)).email).toBe(user.email);
  });

  it('answers a taken new address exactly as a free one; its link then fails with a clear message, changing nothing', async () => {
    const user = await accountWithEmptyMailbox();
    const holder = await accountWithEmptyMailbox();

    const free = await requestChange(
      { new_email: uniqueEmail('free'), password: user.password },
      user.headers,
    );
    const taken = await requestChange({ new_email: holder.email, password: user.password }, user.headers);

    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.json()).toEqual(free.json());
    // The holder of the address reads the link (and only they learn that it has an account).
    const [mail] = await mailsTo(holder.email);
    const token = changeTokenOf(mail!);
    await expectNothingChanged(app, async () => {
      expectApiError(await confirmChange(token), 409, 'EMAIL_CHANGE_ADDRESS_TAKEN');
      expectApiError(
        await confirmChange(token, { 'accept-language': 'de' }),
        409,
        'EMAIL_CHANGE_ADDRESS_TAKEN',
        {
          language: 'de',
        },
      );
    });
    expect((await emailOf(user.user.id)).email).toBe(user.email);
    expect((await emailOf(holder.user.id)).email).toBe(holder.email);
  });

  it('refuses a wrong password with 403 (in the caller’s language), changing nothing and mailing nobody', async () => {
    const user = await accountWithEmptyMailbox();
    const newEmail = uniqueEmail('new');
    await expectNothingChanged(app, async () => {
      expectApiError(
        await requestChange({ new_email: newEmail, password: 'not my password' }, user.headers),
        403,
        'WRONG_CURRENT_PASSWORD',
        { fields: ['password'] },
      );
      const german = await requestChange(
        { new_email: newEmail, password: 'nicht mein Passwort' },
        { ...user.headers, 'accept-language': 'de' },
      );
      expect(
        expectApiError(german, 403, 'WRONG_CURRENT_PASSWORD', { language: 'de', fields: ['password'] }).error,
      ).toBe(de.errors.WRONG_CURRENT_PASSWORD);
    });
    expect(await mailsTo(newEmail)).toEqual([]);
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it('refuses missing or malformed fields, the current address and a caller without a session, changing nothing', async () => {
    const user = await accountWithEmptyMailbox();
    await expectNothingChanged(app, async () => {
      expectApiError(await requestChange({}, user.headers), 400, 'VALIDATION_FAILED', {
        fields: ['new_email', 'password'],
      });
      expectApiError(
        await requestChange({ new_email: 'not an address', password: user.password }, user.headers),
        400,
        'VALIDATION_FAILED',
        { fields: ['new_email'] },
      );
      const same = await requestChange(
        { new_email: user.email.toUpperCase(), password: user.password },
        user.headers,
      );
      expect(
        expectApiError(same, 400, 'VALIDATION_FAILED', { fields: ['new_email'] }).fields?.new_email,
      ).toBe(en.validation.emailUnchanged);
      expectApiError(
        await requestChange({ new_email: uniqueEmail(), password: user.password }, {}),
        401,
        'UNAUTHORIZED',
      );
    });
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it(`sends at most ${EMAIL_CHANGE_LIMITS.mailsPerAccountPerHour} links per account and hour; beyond, 429 and nothing stored or sent`, async () => {
    const user = await accountWithEmptyMailbox();
    for (let i = 0; i < EMAIL_CHANGE_LIMITS.mailsPerAccountPerHour; i += 1) {
      const response = await requestChange(
        { new_email: uniqueEmail('ok'), password: user.password },
        user.headers,
      );
      expect(response.statusCode).toBe(202);
    }
    const beyond = uniqueEmail('beyond');
    await expectNothingChanged(app, async () => {
      const response = await requestChange({ new_email: beyond, password: user.password }, user.headers);
      expectApiError(response, 429, 'RATE_LIMITED');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    });
    expect(await mailsTo(beyond)).toEqual([]);
    expect(await mailsTo(user.email)).toHaveLength(EMAIL_CHANGE_LIMITS.mailsPerAccountPerHour);
  });
});

describe('POST /api/users/me/email/confirm', () => {
  it('moves the account to the new address, confirmed, without a session; the old address no longer logs in', async () => {
    const user = await accountWithEmptyMailbox({ isVerified: false });
    const newEmail = uniqueEmail('moved');
    const token = await requestedChange(user, newEmail);

    const response = await confirmChange(token);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: en.api.emailChanged });
    const row = await emailOf(user.user.id);
    expect(row.email).toBe(newEmail);
    expect(row.email_verified_at).not.toBeNull();
    // The signed-in session sees the change at once (its cached user is dropped).
    expect((await api.me(user.headers)).json<User>()).toMatchObject({
      email: newEmail,
      email_verified: true,
    });
    expectApiError(
      await api.login({ email: user.email, password: user.password }),
      401,
      'INVALID_CREDENTIALS',
    );
    expect((await api.login({ email: newEmail, password: user.password })).statusCode).toBe(200);
    // The old address is free again.
    expect(
      (await api.register({ email: user.email, password: 'another long passphrase', inviteToken: null }))
        .statusCode,
    ).toBe(201);
    expect(
      await app.database.db.selectFrom('users').select('id').where('email', '=', user.email).execute(),
    ).toHaveLength(1);
  });

  it('works once: a used link is refused with 400, changing nothing', async () => {
    const user = await accountWithEmptyMailbox();
    const token = await requestedChange(user, uniqueEmail('once'));
    expect((await confirmChange(token)).statusCode).toBe(200);
    await expectNothingChanged(app, async () => {
      expectApiError(await confirmChange(token), 400, 'INVALID_EMAIL_CHANGE_LINK');
    });
  });

  it('ends the account’s other pending changes with the one confirmed', async () => {
    const user = await accountWithEmptyMailbox();
    const first = await requestedChange(user, uniqueEmail('first'));
    const secondEmail = uniqueEmail('second');
    const second = await requestedChange(user, secondEmail);

    expect((await confirmChange(second)).statusCode).toBe(200);

    await expectNothingChanged(app, async () => {
      expectApiError(await confirmChange(first), 400, 'INVALID_EMAIL_CHANGE_LINK');
    });
    expect((await emailOf(user.user.id)).email).toBe(secondEmail);
  });

  it('is void once the password changed after the request (the notice advises it), changing nothing', async () => {
    const user = await accountWithEmptyMailbox();
    const token = await requestedChange(user, uniqueEmail('stolen'));
    const changed = await api.changePassword(
      { oldPassword: user.password, newPassword: 'a fresh and long passphrase' },
      user.headers,
    );
    expect(changed.statusCode).toBe(200);

    await expectNothingChanged(app, async () => {
      expectApiError(await confirmChange(token), 400, 'INVALID_EMAIL_CHANGE_LINK');
    });
    expect((await emailOf(user.user.id)).email).toBe(user.email);
  });

  it('refuses an expired, unknown or malformed link with 400, changing nothing', async () => {
    const user = await accountWithEmptyMailbox();
    const token = await requestedChange(user, uniqueEmail('late'));
    await app.database.db
      .updateTable('email_change_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    await expectNothingChanged(app, async () => {
      expectApiError(await confirmChange(token), 400, 'INVALID_EMAIL_CHANGE_LINK');
      expectApiError(await confirmChange('no-such-token'), 400, 'INVALID_EMAIL_CHANGE_LINK');
      expectApiError(await confirmChange('', {}), 400, 'VALIDATION_FAILED', { fields: ['token'] });
      expectApiError(await confirmChange('t'.repeat(201)), 400, 'VALIDATION_FAILED', { fields: ['token'] });
    });
    expect((await emailOf(user.user.id)).email).toBe(user.email);
  });
});
