import { afterEach, describe, expect, it, vi } from 'vitest';
import de from '../../../shared/i18n/de.json' with { type: 'json' };
import en from '../../../shared/i18n/en.json' with { type: 'json' };
import type { User } from '../../../shared/api/users.ts';
import { LIMITS } from '../../../shared/limits.ts';
import type * as passwords from '../auth/passwords.ts';
import { hashPassword } from '../auth/passwords.ts';
import { hashToken } from '../auth/tokens.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import {
  createSignedInUser,
  DEFAULT_PASSWORD,
  uniqueEmail,
  type SignedInUser,
} from '../../test/factories.ts';
import { accountApi } from '../../test/http.ts';
import { useSmtpServer, type ReceivedMail } from '../../test/smtp.ts';
import { createTeamDecision, inviteByEmail, teamApi } from '../../test/team-factories.ts';

// Counts the argon2 hashes a request costs (the real function still runs): answer times must not
// tell a taken address from a new one, and wall-clock comparisons are flaky on a busy machine.
vi.mock('../auth/passwords.ts', async (importOriginal) => {
  const original = await importOriginal<typeof passwords>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

const smtp = useSmtpServer();
const { app, testApp } = useTestApp(() => ({ authRateLimitPerMinute: 10_000, smtpUrl: smtp.url }));
const api = accountApi(() => app);
const team = teamApi(() => app);

afterEach(() => {
  smtp.messages.length = 0;
});

const verify = (token: unknown) =>
  app.inject({ method: 'POST', url: '/api/verify-email', payload: { token } as object });
const resend = (headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/verify-email/resend', headers });

/** Every mail the SMTP peer received for the address (after the queue ran dry). */
async function mailsTo(email: string): Promise<ReceivedMail[]> {
  await app.mailer.idle();
  return smtp.messages.filter((mail) => mail.envelopeTo.includes(email));
}

function verificationTokenOf(mail: ReceivedMail): string {
  const match = new RegExp(`${testApp.config.appUrl}/verify-email\\?token=([A-Za-z0-9_-]+)`).exec(
    mail.text ?? '',
  );
  if (!match) throw new Error(`no verification link in: ${mail.text}`);
  return match[1]!;
}

/** A freshly registered, unconfirmed account and the token of its registration mail. */
async function registeredUnconfirmed(): Promise<{ user: SignedInUser; token: string }> {
  const user = await createSignedInUser(app, { isVerified: false, isNewAccount: true });
  const [mail] = await mailsTo(user.email);
  return { user, token: verificationTokenOf(mail!) };
}

async function isVerified(user: SignedInUser): Promise<boolean> {
  return (await api.me(user.headers)).json<User>().email_verified;
}

describe('registration', () => {
  it('mails a new address a single-use confirmation link in the request language, stored only as a hash', async () => {
    const email = uniqueEmail('fresh');
    const response = await api.register(
      { email, password: DEFAULT_PASSWORD, inviteToken: null },
      { 'accept-language': 'de' },
    );
    expect(response.statusCode).toBe(201);
    const [mail, ...others] = await mailsTo(email);
    expect(others).toEqual([]);
    expect(mail!.subject).toBe(de.mail.emailVerification.subject);
    const token = verificationTokenOf(mail!);
    const link = `${testApp.config.appUrl}/verify-email?token=${token}`;
    expect(mail!.text).toContain(de.mail.emailVerification.body);
    expect(mail!.html).toContain(`href="${link}"`);

    const row = await app.database.db
      .selectFrom('email_verification_tokens')
      .innerJoin('users', 'users.id', 'email_verification_tokens.user_id')
      .selectAll('email_verification_tokens')
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const validMs = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
    expect(validMs).toBe(LIMITS.emailVerification.validHours * 3600_000);
  });

  it('answers a taken address exactly as a new one and mails its owner, in their language, links to log in and reset', async () => {
    const owner = await createSignedInUser(app);
    expect((await api.update({ language: 'de' }, owner.headers)).statusCode).toBe(200);
    await app.mailer.idle();
    smtp.messages.length = 0;

    const fresh = await api.register({ email: uniqueEmail('other'), password: 'another passphrase 1' });
    const taken = await expectNothingChanged(app, () =>
      api.register({ email: owner.email.toUpperCase(), password: 'another passphrase 2' }),
    );
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual(fresh.json());
    expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);

    const [mail, ...others] = await mailsTo(owner.email);
    expect(others).toEqual([]);
    expect(mail!.subject).toBe(de.mail.registrationAttempt.subject);
    expect(mail!.text).toContain(de.mail.registrationAttempt.body);
    expect(mail!.text).toContain(
      `${de.mail.registrationAttempt.loginAction}: ${testApp.config.appUrl}/login`,
    );
    expect(mail!.text).toContain(
      `${de.mail.registrationAttempt.resetAction}: ${testApp.config.appUrl}/forgot-password`,
    );
    expect(mail!.html).toContain(`href="${testApp.config.appUrl}/login"`);
    expect(mail!.html).toContain(`href="${testApp.config.appUrl}/forgot-password"`);
    // The owner's account is untouched: still confirmed, same password.
    expect(await isVerified(owner)).toBe(true);
    expect((await api.login({ email: owner.email, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
  });

  it(`mails the owner of a taken address at most ${LIMITS.registrationAttempt.mailsPerAccountPerDay} times in 24 hours, answering every attempt alike`, async () => {
    const owner = await createSignedInUser(app);
    await app.mailer.idle();
    smtp.messages.length = 0;
    const max = LIMITS.registrationAttempt.mailsPerAccountPerDay;

    const fresh = await api.register({ email: uniqueEmail('fresh'), password: 'another passphrase 1' });
    const attempts = [];
    for (let i = 0; i < max + 3; i++) {
      // Beyond the limit nothing is stored or sent: not a row changes, not a mail goes out.
      attempts.push(
        await expectNothingChanged(app, () =>
          api.register({ email: owner.email, password: `another passphrase ${i}` }),
        ),
      );
    }
    for (const attempt of attempts) {
      expect([attempt.statusCode, attempt.json(), attempt.headers['content-type']]).toEqual([
        fresh.statusCode,
        fresh.json(),
        fresh.headers['content-type'],
      ]);
    }
    const mails = await mailsTo(owner.email);
    expect(mails.map((mail) => mail.subject)).toEqual(Array(max).fill(en.mail.registrationAttempt.subject));

    // 24 hours after the first mail its slot is free again: one more mail, not three.
    const slots = await app.database.db
      .selectFrom('rate_limit_counters')
      .select('key')
      .where('key', 'like', `mail:registration-attempt:user:${owner.user.id}:%`)
      .orderBy('key')
      .execute();
    expect(slots).toHaveLength(max);
    await app.database.db
      .updateTable('rate_limit_counters')
      .set({ reset_at: Date.now() - 1 })
      .where('key', '=', slots[0]!.key)
      .execute();
    for (let i = 0; i < 3; i++) await api.register({ email: owner.email, password: `late passphrase ${i}` });
    expect(await mailsTo(owner.email)).toHaveLength(max + 1);
  });

  it('counts the registration-attempt mails per account: another owner still gets theirs', async () => {
    const [first, second] = [await createSignedInUser(app), await createSignedInUser(app)];
    await app.mailer.idle();
    smtp.messages.length = 0;
    const max = LIMITS.registrationAttempt.mailsPerAccountPerDay;
    for (let i = 0; i <= max; i++) await api.register({ email: first.email, password: `passphrase ${i}x` });
    await api.register({ email: second.email, password: 'another passphrase 9' });
    expect(await mailsTo(first.email)).toHaveLength(max);
    expect(await mailsTo(second.email)).toHaveLength(1);
  });

  it('does the same work for a taken address as for a new one: one password hash, one answer', async () => {
    const owner = await createSignedInUser(app);
    const hashes = vi.mocked(hashPassword);
    hashes.mockClear();
    const taken = await api.register({ email: owner.email, password: DEFAULT_PASSWORD });
    expect(hashes).toHaveBeenCalledTimes(1);
    hashes.mockClear();
    const fresh = await api.register({ email: uniqueEmail(), password: DEFAULT_PASSWORD });
    expect(hashes).toHaveBeenCalledTimes(1);
    expect([taken.statusCode, taken.json()]).toEqual([fresh.statusCode, fresh.json()]);
  });
});

describe('POST /api/verify-email', () => {
  it('confirms the address once; the used link is refused afterwards and changes nothing', async () => {
    const { user, token } = await registeredUnconfirmed();
    expect(await isVerified(user)).toBe(false);

    const done = await verify(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: en.api.emailVerified });
    expect(await isVerified(user)).toBe(true);

    await expectNothingChanged(app, async () => {
      expectApiError(await verify(token), 400, 'INVALID_VERIFICATION_LINK');
    });
  });

  it('refuses expired, unknown and malformed links with one answer, changing nothing', async () => {
    const { user, token } = await registeredUnconfirmed();
    await app.database.db
      .updateTable('email_verification_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    await expectNothingChanged(app, async () => {
      const expired = await verify(token);
      expectApiError(expired, 400, 'INVALID_VERIFICATION_LINK');
      expect((await verify('x'.repeat(43))).body).toBe(expired.body);
      expectApiError(await verify(''), 400, 'VALIDATION_FAILED', { fields: ['token'] });
      expectApiError(await verify('x'.repeat(201)), 400, 'VALIDATION_FAILED', { fields: ['token'] });
    });
    expect(await isVerified(user)).toBe(false);
  });

  it('lets only one of several parallel confirmations with the same link through', async () => {
    const { token } = await registeredUnconfirmed();
    const answers = await Promise.all(Array.from({ length: 5 }, () => verify(token)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it('ends the other open links of the account', async () => {
    const { user, token: first } = await registeredUnconfirmed();
    smtp.messages.length = 0;
    expect((await resend(user.headers)).statusCode).toBe(202);
    const [mail] = await mailsTo(user.email);
    expect((await verify(verificationTokenOf(mail!))).statusCode).toBe(200);
    expectApiError(await verify(first), 400, 'INVALID_VERIFICATION_LINK');
  });
});

describe('POST /api/verify-email/resend', () => {
  it(`sends a new link, at most ${LIMITS.emailVerification.mailsPerAccountPerHour} per account and hour counting the registration mail (429)`, async () => {
    const { user } = await registeredUnconfirmed();
    smtp.messages.length = 0;
    for (let i = 1; i < LIMITS.emailVerification.mailsPerAccountPerHour; i++) {
      const answer = await resend(user.headers);
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ message: en.api.verificationMailSent });
    }
    const resent = await mailsTo(user.email);
    expect(resent).toHaveLength(LIMITS.emailVerification.mailsPerAccountPerHour - 1);
    expect(resent.map((mail) => mail.subject)).toEqual(resent.map(() => en.mail.emailVerification.subject));

    await expectNothingChanged(app, async () => {
      expectApiError(await resend(user.headers), 429, 'RATE_LIMITED');
    });
    expect(await mailsTo(user.email)).toHaveLength(resent.length);
    // An hour later the account may ask again.
    await app.database.db
      .updateTable('email_verification_tokens')
      .set({ created_at: new Date(Date.now() - 3601_000).toISOString() })
      .where('user_id', '=', user.user.id)
      .execute();
    expect((await resend(user.headers)).statusCode).toBe(202);
  });

  it('keeps the limit for parallel requests too', async () => {
    const { user } = await registeredUnconfirmed();
    const answers = await Promise.all(Array.from({ length: 6 }, () => resend(user.headers)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([202, 202, 202, 429, 429, 429]);
  });

  it('refuses a confirmed account (409) and an anonymous caller (401), changing nothing', async () => {
    const confirmed = await createSignedInUser(app);
    await app.mailer.idle();
    smtp.messages.length = 0;
    await expectNothingChanged(app, async () => {
      expectApiError(await resend(confirmed.headers), 409, 'EMAIL_ALREADY_VERIFIED');
      expectApiError(await resend(), 401, 'UNAUTHORIZED');
    });
    expect(await mailsTo(confirmed.email)).toEqual([]);
  });
});

describe('invitation mails of an unconfirmed account', () => {
  it('are held (the answer says so, the link works) and go out on confirmation; revoked and expired ones stay unsent', async () => {
    const { user: inviter, token } = await registeredUnconfirmed();
    const { decision } = await createTeamDecision(app, inviter, { name: 'Held trip' });
    const [waiting, revoked, expired] = [uniqueEmail('wait'), uniqueEmail('revoked'), uniqueEmail('expired')];
    const invitee = await createSignedInUser(app, { email: uniqueEmail('invitee') });
    await app.mailer.idle();
    smtp.messages.length = 0;

    const held = await inviteByEmail(app, inviter, decision.id, waiting);
    expect(held).toMatchObject({ mail_held: true, message: en.api.invitationMailHeld });
    expect(held.invite_token).toBe(held.token);
    expect(held.link).toBe(`${testApp.config.appUrl}/invite?token=${held.token}`);
    const revokedInvitation = await inviteByEmail(app, inviter, decision.id, revoked);
    const expiredInvitation = await inviteByEmail(app, inviter, decision.id, expired);
    const heldForAccount = await inviteByEmail(app, inviter, decision.id, invitee.email, 'viewer');
    expect(
      (await team.revokeInvitation(inviter, decision.id, revokedInvitation.invitation_id)).statusCode,
    ).toBe(200);
    await app.database.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expiredInvitation.invitation_id)
      .execute();
    await app.mailer.idle();
    expect(smtp.messages).toEqual([]);
    // The link to share by hand works already.
    expect((await team.validate(held.token)).statusCode).toBe(200);

    expect((await verify(token)).statusCode).toBe(200);
    await app.mailer.idle();
    expect(smtp.messages.map((mail) => mail.envelopeTo).sort()).toEqual([[invitee.email], [waiting]].sort());
    const [mail] = await mailsTo(waiting);
    expect(mail!.subject).toBe(`${inviter.email.split('@')[0]} invites you to decide together: Held trip`);
    const mailed = new RegExp(`${testApp.config.appUrl}/invite\\?token=([A-Za-z0-9_-]+)`).exec(
      mail!.text!,
    )![1]!;
    // Both the mailed link and the one shared by hand open the same invitation; it is used once.
    expect((await team.validate(mailed)).json()).toMatchObject({ email: waiting, decision_id: decision.id });
    const joining = await createSignedInUser(app, { email: uniqueEmail('joining') });
    expect((await team.validate(held.token)).statusCode).toBe(200);
    const [forAccount] = await mailsTo(invitee.email);
    const accountToken = new RegExp(`/invite\\?token=([A-Za-z0-9_-]+)`).exec(forAccount!.text!)![1]!;
    expect((await team.accept(invitee, accountToken)).statusCode).toBe(200);
    expectApiError(await team.accept(joining, heldForAccount.token), 404, 'INVITATION_ALREADY_ACCEPTED');

    // Confirming again (another link) sends nothing twice.
    smtp.messages.length = 0;
    expect((await resend(inviter.headers)).statusCode).toBe(409);
    await app.mailer.idle();
    expect(smtp.messages).toEqual([]);
  });

  it('a confirmed account’s invitation mail goes out at once', async () => {
    const inviter = await createSignedInUser(app);
    const { decision } = await createTeamDecision(app, inviter);
    const email = uniqueEmail('direct');
    const invitation = await inviteByEmail(app, inviter, decision.id, email);
    expect(invitation).toMatchObject({ mail_held: false, message: en.api.invitationSent });
    const [mail] = await mailsTo(email);
    // The mail carries its own token (issue 25), so only the link's start is the same.
    expect(mail!.text).toContain(invitation.link.split('?token=')[0] + '?token=');
  });
});
