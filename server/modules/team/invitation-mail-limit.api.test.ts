import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import de from '../../../shared/i18n/de.json' with { type: 'json' };
import en from '../../../shared/i18n/en.json' with { type: 'json' };
import { LIMITS } from '../../../shared/limits.ts';
import { formatUtcMoment } from '../../i18n.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../test/factories.ts';
import { useSmtpServer, type ReceivedMail } from '../../test/smtp.ts';
import { ageInvitationMails, createTeamDecision, inviteByEmail, teamApi } from '../../test/team-factories.ts';

// Issue 27: an invitation mail to the same address for the same decision at most once an hour; sending
// again sooner answers 429 INVITATION_MAIL_TOO_SOON and the invitation stays valid.

const APP_URL = 'https://decide.example.org';
const EVERY_MS = LIMITS.team.sameAddressMailEveryMinutes * 60_000;
const smtp = useSmtpServer();
const { app } = useTestApp(() => ({ authRateLimitPerMinute: 10_000, appUrl: APP_URL, smtpUrl: smtp.url }));
const api = teamApi(() => app);

afterEach(() => {
  smtp.messages.length = 0;
});

/** The invitation mails the address received so far. */
async function invitationMailsTo(email: string): Promise<ReceivedMail[]> {
  await app.mailer.idle();
  return smtp.messages.filter(
    (mail) => mail.envelopeTo.includes(email) && mail.text?.includes(`${APP_URL}/invite?token=`),
  );
}

/**
 * The 429 of a re-send within the hour: the error contract plus `next_mail_at`, and the message with
 * that moment in the caller's language. Answers the moment (epoch ms).
 */
function expectMailTooSoon(response: LightMyRequestResponse, language: 'en' | 'de' = 'en'): number {
  expect(response.statusCode).toBe(429);
  const body = response.json<{ code: string; error: string; next_mail_at: string }>();
  expect(Object.keys(body).sort()).toEqual(['code', 'error', 'next_mail_at']);
  expect(body.code).toBe('INVITATION_MAIL_TOO_SOON');
  const template = (language === 'de' ? de : en).errors.INVITATION_MAIL_TOO_SOON;
  expect(body.error).toBe(template.replace('{{time}}', formatUtcMoment(body.next_mail_at, language)));
  return new Date(body.next_mail_at).getTime();
}

const invite = (caller: SignedInUser, decisionId: number, email: string, headers?: Record<string, string>) =>
  api.invite(caller, { decision_id: decisionId, email, role: 'editor' }, headers);

describe('POST /api/team/invite: one mail per address and decision an hour', () => {
  let owner: SignedInUser;
  let decisionId: number;
  beforeAll(async () => {
    owner = await createSignedInUser(app);
    decisionId = (await createTeamDecision(app, owner, { name: 'Offsite' })).decision.id;
  });

  it('refuses a re-send within the hour with 429, the time it is possible again, nothing changed and no mail', async () => {
    const email = uniqueEmail('soon');
    const first = await inviteByEmail(app, owner, decisionId, email);
    expect(await invitationMailsTo(email)).toHaveLength(1);
    const firstMailedAt = Date.now();

    const refused = await expectNothingChanged(app, () => invite(owner, decisionId, email));
    const nextAt = expectMailTooSoon(refused);
    expect(nextAt).toBeGreaterThan(firstMailedAt - 60_000 + EVERY_MS);
    expect(nextAt).toBeLessThanOrEqual(firstMailedAt + EVERY_MS);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(EVERY_MS / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(EVERY_MS / 1000);
    expectMailTooSoon(await invite(owner, decisionId, email, { 'accept-language': 'de' }), 'de');
    expect(await invitationMailsTo(email)).toHaveLength(1);

    // The invitation stays valid: its link still opens it.
    expect((await api.validate(first.invite_token)).statusCode).toBe(200);

    // An hour after the mail, sending again works: the same invitation, a second mail.
    await ageInvitationMails(app, decisionId, email, LIMITS.team.sameAddressMailEveryMinutes);
    const again = await inviteByEmail(app, owner, decisionId, email);
    expect(again.invitation_id).toBe(first.invitation_id);
    expect(await invitationMailsTo(email)).toHaveLength(2);
    expectMailTooSoon(await invite(owner, decisionId, email));
  });

  it('holds through revoking and inviting anew, but not for another address or another decision', async () => {
    const email = uniqueEmail('revoked');
    const first = await inviteByEmail(app, owner, decisionId, email);
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/team/${decisionId}/invitations/${first.invitation_id}`,
      headers: owner.headers,
    });
    expect(revoked.statusCode).toBe(200);
    await expectNothingChanged(app, async () => expectMailTooSoon(await invite(owner, decisionId, email)));

    const other = (await createTeamDecision(app, owner, { name: 'Other offsite' })).decision.id;
    expect((await invite(owner, other, email)).statusCode).toBe(201);
    expect((await invite(owner, decisionId, uniqueEmail('someone-else'))).statusCode).toBe(201);
    expect(await invitationMailsTo(email)).toHaveLength(2);
  });

  it('applies to every inviter of the decision alike, not per inviter', async () => {
    const email = uniqueEmail('two-inviters');
    const { decision } = await createTeamDecision(app, owner, { name: 'Shared inviting' });
    const admin = await createSignedInUser(app);
    const adminInvitation = await inviteByEmail(app, owner, decision.id, admin.email);
    expect((await api.accept(admin, adminInvitation.invite_token)).statusCode).toBe(200);
    const promoted = await app.inject({
      method: 'PUT',
      url: `/api/team/${decision.id}/members/${admin.user.id}`,
      payload: { role: 'admin' },
      headers: owner.headers,
    });
    expect(promoted.statusCode).toBe(200);

    await inviteByEmail(app, owner, decision.id, email);
    expectMailTooSoon(await invite(admin, decision.id, email));
    expect(await invitationMailsTo(email)).toHaveLength(1);
  });

  it('lets one of several parallel re-sends through', async () => {
    const email = uniqueEmail('parallel');
    await inviteByEmail(app, owner, decisionId, email);
    await ageInvitationMails(app, decisionId, email, LIMITS.team.sameAddressMailEveryMinutes);
    const answers = await Promise.all(Array.from({ length: 5 }, () => invite(owner, decisionId, email)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 429, 429, 429, 429]);
    expect(await invitationMailsTo(email)).toHaveLength(2);
  });
});

describe('held invitation mails and the hourly rule', () => {
  it('counts only mails: held re-sends pass, and the mail sent on confirmation starts the hour', async () => {
    const inviter = await createSignedInUser(app, { isVerified: false });
    await app.mailer.idle();
    const confirmation = smtp.messages.find((mail) => mail.envelopeTo.includes(inviter.email))!;
    const verifyToken = /verify-email\?token=([\w-]+)/.exec(confirmation.text ?? '')![1]!;
    const { decision } = await createTeamDecision(app, inviter, { name: 'Held' });
    const email = uniqueEmail('held');

    // While held nothing is mailed, so sending again is not limited.
    expect((await inviteByEmail(app, inviter, decision.id, email)).mail_held).toBe(true);
    expect((await inviteByEmail(app, inviter, decision.id, email)).mail_held).toBe(true);
    expect(await invitationMailsTo(email)).toHaveLength(0);

    const verified = await app.inject({
      method: 'POST',
      url: '/api/verify-email',
      payload: { token: verifyToken },
    });
    expect(verified.statusCode).toBe(200);
    expect(await invitationMailsTo(email)).toHaveLength(1);
    expectMailTooSoon(await expectNothingChanged(app, () => invite(inviter, decision.id, email)));
    expect(await invitationMailsTo(email)).toHaveLength(1);
  });
});
