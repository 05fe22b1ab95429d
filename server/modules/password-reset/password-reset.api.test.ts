import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import de from '../../../shared/i18n/de.json' with { type: 'json' };
import en from '../../../shared/i18n/en.json' with { type: 'json' };
import { LIMITS } from '../../../shared/limits.ts';
import { hashToken } from '../auth/tokens.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import { createSignedInUser, DEFAULT_PASSWORD, type SignedInUser } from '../../test/factories.ts';
import { accountApi, bearer } from '../../test/http.ts';
import { useSmtpServer, type ReceivedMail } from '../../test/smtp.ts';

const NEW_PASSWORD = 'a brand new passphrase';
const smtp = useSmtpServer();
const { app, testApp } = useTestApp(() => ({
  authRateLimitPerMinute: 10_000,
  smtpUrl: smtp.url,
  mailRetryDelaysMs: [20],
}));
const api = accountApi(() => app);

afterEach(() => {
  smtp.failNext(0);
  smtp.messages.length = 0;
});

/** A signed-in account whose registration mail has been delivered and forgotten, so counts start at 0. */
async function createAccount(target: FastifyInstance = app): Promise<SignedInUser> {
  const user = await createSignedInUser(target);
  await target.mailer.idle();
  smtp.messages.length = 0;
  return user;
}

const forgot = (email: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email }, headers });
const validate = (token: string) =>
  app.inject({ method: 'GET', url: `/api/reset-password/validate/${encodeURIComponent(token)}` });
const reset = (token: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, password } });

function tokenOf(mail: ReceivedMail): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return match[1]!;
}

/** Asks for a reset link and returns the token from the mail the SMTP peer received. */
async function mailedToken(email: string): Promise<string> {
  const before = smtp.messages.length;
  expect((await forgot(email)).statusCode).toBe(202);
  await app.mailer.idle();
  const [mail] = (await smtp.waitForMessages(before + 1)).slice(before);
  return tokenOf(mail!);
}

async function setLanguage(user: SignedInUser, language: 'en' | 'de') {
  const response = await api.update({ language }, user.headers);
  expect(response.statusCode).toBe(200);
}

describe('POST /api/forgot-password', () => {
  it('mails a link valid for one hour in the account language, as text and HTML; the answer is the same for unknown addresses', async () => {
    const user = await createAccount();
    await setLanguage(user, 'de');

    const known = await forgot(user.email.toUpperCase());
    await app.mailer.idle();
    const unknown = await forgot('nobody-here@example.com');
    await app.mailer.idle();

    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ message: en.api.resetMailSent });

    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail!.envelopeTo).toEqual([user.email]);
    expect(mail!.subject).toBe(de.mail.passwordReset.subject);
    const token = tokenOf(mail!);
    const link = `${testApp.config.appUrl}/reset-password?token=${token}`;
    expect(mail!.text).toContain(link);
    expect(mail!.text).toContain(de.mail.passwordReset.body);
    expect(mail!.html).toContain(`href="${link}"`);
    expect(mail!.html).toContain(de.mail.passwordReset.action);

    // Only the hash is stored, expiring after one hour.
    const row = await app.database.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('user_id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const validMs = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
    expect(validMs).toBe(LIMITS.passwordReset.validMinutes * 60_000);
    expect(row.used_at).toBeNull();
  });

  it('sends an English mail to an English account', async () => {
    const user = await createAccount();
    await mailedToken(user.email);
    expect(smtp.messages[0]!.subject).toBe(en.mail.passwordReset.subject);
    expect(smtp.messages[0]!.text).toContain(en.mail.passwordReset.footer.replace('{{minutes}}', '60'));
  });

  it(`sends at most ${LIMITS.passwordReset.mailsPerAccountPerHour} mails per account and hour, answering the same`, async () => {
    const user = await createAccount();
    const answers = [];
    for (let i = 0; i <= LIMITS.passwordReset.mailsPerAccountPerHour; i++)
      answers.push(await forgot(user.email));
    await app.mailer.idle();
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 202));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(smtp.messages).toHaveLength(LIMITS.passwordReset.mailsPerAccountPerHour);
  });

  it('keeps the per-account limit for parallel requests too', async () => {
    const user = await createAccount();
    const answers = await Promise.all(Array.from({ length: 6 }, () => forgot(user.email)));
    await app.mailer.idle();
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 202));
    expect(smtp.messages).toHaveLength(LIMITS.passwordReset.mailsPerAccountPerHour);
  });

  it('refuses an invalid address with a field error and stores nothing', async () => {
    await expectNothingChanged(app, async () => {
      expectApiError(await forgot('not-an-address'), 400, 'VALIDATION_FAILED', { fields: ['email'] });
    });
    expect(smtp.messages).toEqual([]);
  });
});

describe('reset link from the mail, end to end', () => {
  it('validates, sets the new password, ends every session and works only once', async () => {
    const user = await createAccount();
    const secondSession = await api.login({ email: user.email, password: DEFAULT_PASSWORD });
    const secondToken = secondSession.json<{ token: string }>().token;
    const token = await mailedToken(user.email);

    const check = await validate(token);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ valid: true, message: en.api.resetLinkValid });

    const done = await reset(token, NEW_PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: en.api.passwordReset });

    expectApiError(await api.me(user.headers), 401, 'UNAUTHORIZED');
    expectApiError(await api.me(bearer(secondToken)), 401, 'UNAUTHORIZED');
    expectApiError(
      await api.login({ email: user.email, password: DEFAULT_PASSWORD }),
      401,
      'INVALID_CREDENTIALS',
    );
    expect((await api.login({ email: user.email, password: NEW_PASSWORD })).statusCode).toBe(200);

    // Used: the same link is refused and changes nothing.
    await expectNothingChanged(app, async () => {
      expectApiError(await validate(token), 400, 'INVALID_RESET_LINK');
      expectApiError(await reset(token, 'yet another passphrase'), 400, 'INVALID_RESET_LINK');
    });
  });

  it('a reset also ends the other open links of the account', async () => {
    const user = await createAccount();
    const first = await mailedToken(user.email);
    const second = await mailedToken(user.email);
    expect((await reset(second, NEW_PASSWORD)).statusCode).toBe(200);
    expectApiError(await reset(first, 'another new passphrase'), 400, 'INVALID_RESET_LINK');
  });

  it('refuses expired and unknown links identically, leaving the database unchanged', async () => {
    const user = await createAccount();
    const token = await mailedToken(user.email);
    await app.database.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();

    await expectNothingChanged(app, async () => {
      const expired = await reset(token, NEW_PASSWORD);
      const unknown = await reset('x'.repeat(43), NEW_PASSWORD);
      expectApiError(expired, 400, 'INVALID_RESET_LINK');
      expect(unknown.body).toBe(expired.body);
      expectApiError(await validate(token), 400, 'INVALID_RESET_LINK');
      expectApiError(await validate('unknown'), 400, 'INVALID_RESET_LINK');
    });
    expect((await api.me(user.headers)).statusCode).toBe(200);
  });

  it('applies the password rules of registration and keeps the link usable after a refusal', async () => {
    const user = await createAccount();
    const token = await mailedToken(user.email);
    await expectNothingChanged(app, async () => {
      expectApiError(await reset(token, 'x'.repeat(LIMITS.password.max + 1)), 400, 'VALIDATION_FAILED', {
        fields: ['password'],
      });
      const weak: [string, string][] = [
        ['short', en.validation.passwordTooShort],
        ['password1234', en.validation.passwordCommon],
        ['............', en.validation.passwordOneCharacter],
        [user.email, en.validation.passwordIsEmail],
        [`${user.email.split('@')[0]} 99`, en.validation.passwordIsEmail],
        ['Decision Compass!', en.validation.passwordIsProductName],
      ];
      for (const [password, message] of weak) {
        const body = expectApiError(await reset(token, password), 400, 'WEAK_PASSWORD', {
          fields: ['password'],
        });
        expect(body.fields?.password).toBe(message);
      }
    });
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('lets only one of several parallel resets with the same link through', async () => {
    const user = await createAccount();
    const token = await mailedToken(user.email);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => reset(token, `${NEW_PASSWORD} ${i}`)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
  });
});

describe('rate limits and delivery', () => {
  it('limits the reset endpoints per IP with the auth limit', async () => {
    const limited = await buildTestApp({ authRateLimitPerMinute: 2 });
    try {
      const call = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/forgot-password',
          payload: { email: 'a@example.com' },
        });
      expect((await call()).statusCode).toBe(202);
      expect((await call()).statusCode).toBe(202);
      expectApiError(await call(), 429, 'RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });

  it('retries a refused reset mail until the SMTP server takes it', async () => {
    const user = await createAccount();
    smtp.failNext(1);
    const attemptsBefore = smtp.attempts();
    const token = await mailedToken(user.email);
    expect(smtp.attempts() - attemptsBefore).toBe(2);
    expect((await validate(token)).statusCode).toBe(200);
  });

  it('still mails a link requested just before shutdown', async () => {
    const closing = await buildTestApp({ smtpUrl: smtp.url });
    try {
      const user = await createAccount(closing.app);
      const answer = await closing.app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: user.email },
      });
      expect(answer.statusCode).toBe(202);
      await closing.app.close();
      expect(smtp.messages.map((mail) => mail.envelopeTo)).toEqual([[user.email]]);
    } finally {
      await closing.close().catch(() => undefined);
    }
  });

  it('keeps a mail the SMTP server never takes in outbox/failed (dead letter)', async () => {
    const user = await createAccount();
    smtp.failNext(100);
    expect((await forgot(user.email)).statusCode).toBe(202);
    await app.mailer.idle();
    expect(smtp.messages).toEqual([]);

    const failedDir = path.join(testApp.config.dataDir, 'outbox', 'failed');
    const files = fs.readdirSync(failedDir);
    expect(files).toHaveLength(1);
    const deadLetter = JSON.parse(fs.readFileSync(path.join(failedDir, files[0]!), 'utf8')) as {
      to: string;
      subject: string;
      text: string;
    };
    expect(deadLetter).toMatchObject({ to: user.email, subject: en.mail.passwordReset.subject });
    // Nothing lost: the link in the dead letter still works.
    const token = /token=([A-Za-z0-9_-]+)/.exec(deadLetter.text)![1]!;
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
  });
});
