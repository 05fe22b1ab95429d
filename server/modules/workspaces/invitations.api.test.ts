import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import de from '../../../shared/i18n/de.json' with { type: 'json' };
import en from '../../../shared/i18n/en.json' with { type: 'json' };
import { LIMITS } from '../../../shared/limits.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { countRows, expectNothingChanged } from '../../test/db-snapshot.ts';
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../test/factories.ts';
import { useSmtpServer, type ReceivedMail } from '../../test/smtp.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import {
  insertWorkspace,
  insertWorkspaceInvitation,
  workspaceApi,
  workspaceRoles,
} from '../../test/workspace-factories.ts';

// Issue 29: invitations to a workspace: the mail (in the invitee's language, else the inviter's), the
// in-app notice, the public preview, accepting (twice, racing), expiry, revocation, sending again,
// re-inviting, and the limits.

const APP_URL = 'https://decide.example.org';
const smtp = useSmtpServer();
const { app } = useTestApp(() => ({ authRateLimitPerMinute: 100_000, appUrl: APP_URL, smtpUrl: smtp.url }));
const api = workspaceApi(() => app);

let owner: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  [owner, admin] = (await Promise.all([createSignedInUser(app), createSignedInUser(app)])) as [
    SignedInUser,
    SignedInUser,
  ];
  await app.inject({
    method: 'PUT',
    url: '/api/users/update',
    headers: owner.headers,
    payload: { nickname: 'Olivia' },
  });
});

afterEach(() => {
  smtp.messages.length = 0;
});

function newWorkspace(name = 'Marketing') {
  return insertWorkspace(app, {
    ownerId: owner.user.id,
    name,
    members: [{ userId: admin.user.id, role: 'admin' }],
  });
}

/** The invitation mails the address received so far. */
async function mailsTo(email: string): Promise<ReceivedMail[]> {
  await app.mailer.idle();
  return smtp.messages.filter(
    (mail) => mail.envelopeTo.includes(email) && mail.text?.includes(`${APP_URL}/invite?token=`),
  );
}

async function invite(caller: SignedInUser, workspaceId: number, email: string, role = 'member') {
  const response = await api.invite(caller, workspaceId, { email, role });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number; invite_token: string }>();
}

async function setLanguage(user: SignedInUser, language: 'en' | 'de') {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/users/update',
    headers: user.headers,
    payload: { language },
  });
  expect(response.statusCode).toBe(200);
}

describe('inviting', () => {
  it('mails the link to /invite?token=… in English to an address without an account (English inviter)', async () => {
    const workspace = await newWorkspace('Marketing');
    const email = uniqueEmail('new');
    const sent = await invite(owner, workspace.id, email, 'admin');
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe('Olivia invites you to the workspace Marketing');
    expect(mail!.text).toContain(`${APP_URL}/invite?token=${sent.invite_token}`);
    expect(mail!.text).toContain('as Admin');
    expect(mail!.html).toContain(en.mail.workspaceInvitation.action);
  });

  it('mails in the invitee’s account language, else in the inviter’s', async () => {
    const workspace = await newWorkspace('Vertrieb');
    const german = await createSignedInUser(app);
    await setLanguage(german, 'de');
    await invite(owner, workspace.id, german.email);
    const [toGerman] = await mailsTo(german.email);
    expect(toGerman!.subject).toBe('Olivia lädt dich in den Arbeitsbereich Vertrieb ein');
    expect(toGerman!.text).toContain(de.mail.workspaceInvitation.action);

    const germanInviter = await createSignedInUser(app);
    await setLanguage(germanInviter, 'de');
    const own = await insertWorkspace(app, { ownerId: germanInviter.user.id, name: 'Einkauf' });
    const email = uniqueEmail('nobody');
    await invite(germanInviter, own.id, email);
    const [toNewcomer] = await mailsTo(email);
    expect(toNewcomer!.text).toContain('als Mitglied');
  });

  it('tells an invitee with an account in the app, with a link to the invite page', async () => {
    const workspace = await newWorkspace('Notified');
    const invitee = await createSignedInUser(app);
    const sent = await invite(admin, workspace.id, invitee.email);
    const list = await app.inject({ method: 'GET', url: '/api/notifications', headers: invitee.headers });
    const notices = list.json<{ kind: string; link: string; message: string }[]>();
    const notice = notices.find((item) => item.kind === 'workspace_invitation');
    expect(notice).toMatchObject({ link: `/invite?token=${sent.invite_token}` });
    expect(notice!.message).toContain('“Notified”');
  });

  it('refuses inviting a member or oneself with 409 naming the field; nothing changes, no mail', async () => {
    const workspace = await newWorkspace();
    for (const email of [admin.email, owner.email]) {
      const response = await expectNothingChanged(app, () =>
        api.invite(owner, workspace.id, { email, role: 'member' }),
      );
      expectApiError(response, 409, 'ALREADY_WORKSPACE_MEMBER', { fields: ['email'] });
    }
    expect(await mailsTo(admin.email)).toEqual([]);
  });

  it('refuses a bad address or role with 400 naming the field', async () => {
    const workspace = await newWorkspace();
    for (const [body, field] of [
      [{ email: 'not-an-address', role: 'member' }, 'email'],
      [{ email: uniqueEmail(), role: 'owner' }, 'role'],
    ] as const) {
      const response = await expectNothingChanged(app, () => api.invite(owner, workspace.id, body));
      expectApiError(response, 400, 'VALIDATION_FAILED', { fields: [field] });
    }
  });

  it('re-inviting a pending address replaces its invitation: new token and role, the old link is dead', async () => {
    const workspace = await newWorkspace();
    const old = await insertWorkspaceInvitation(app, { workspaceId: workspace.id, inviterId: owner.user.id });
    const renewed = await invite(admin, workspace.id, old.email, 'admin');
    expect(renewed.id).toBe(old.id);
    expectApiError(await api.preview(old.token), 404, 'INVALID_INVITATION');
    expect((await api.preview(renewed.invite_token)).json()).toMatchObject({ role: 'admin' });
    expect(await countRows(app, 'workspace_invitations')).toBeGreaterThan(0);
    const details = (await api.details(owner, workspace.id)).json<{ invitations: unknown[] }>();
    expect(details.invitations).toHaveLength(1);
  });

  it('a second mail to the same invitation within the hour answers 429 and changes nothing', async () => {
    const workspace = await newWorkspace();
    const sent = await invite(owner, workspace.id, uniqueEmail('twice'));
    const refused = await expectNothingChanged(app, () => api.resend(owner, workspace.id, sent.id));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'WORKSPACE_INVITATION_MAIL_TOO_SOON',
      next_mail_at: expect.any(String),
    });
  });

  it('holds the mail while the inviter’s address is unconfirmed: the invitation exists, its link works', async () => {
    const unconfirmed = await createSignedInUser(app, { isVerified: false });
    const workspace = await insertWorkspace(app, { ownerId: unconfirmed.user.id });
    await app.mailer.idle();
    smtp.messages.length = 0;
    const email = uniqueEmail('held');
    const sent = await invite(unconfirmed, workspace.id, email);
    expect(await mailsTo(email)).toEqual([]);
    expect((await api.preview(sent.invite_token)).statusCode).toBe(200);
  });

  it(`keeps at most ${LIMITS.workspace.pendingInvitationsPerWorkspace} open invitations: the next answers 409`, async () => {
    const workspace = await newWorkspace();
    for (let i = 0; i < LIMITS.workspace.pendingInvitationsPerWorkspace; i++)
      await insertWorkspaceInvitation(app, { workspaceId: workspace.id, inviterId: admin.user.id });
    const refused = await expectNothingChanged(app, () =>
      api.invite(owner, workspace.id, { email: uniqueEmail(), role: 'member' }),
    );
    expectApiError(refused, 409, 'TOO_MANY_WORKSPACE_INVITATIONS', {
      params: { max: LIMITS.workspace.pendingInvitationsPerWorkspace },
    });
  });

  it('applies the daily cap of invitation mails (a new account’s lower one) with 429 naming the field', async () => {
    const fresh = await createSignedInUser(app, { isNewAccount: true });
    const workspace = await insertWorkspace(app, { ownerId: fresh.user.id });
    for (let i = 0; i < LIMITS.team.invitationMailsPerDay.newAccount; i++)
      await insertWorkspaceInvitation(app, {
        workspaceId: workspace.id,
        inviterId: fresh.user.id,
        createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
      });
    const refused = await expectNothingChanged(app, () =>
      api.invite(fresh, workspace.id, { email: uniqueEmail(), role: 'member' }),
    );
    expectApiError(refused, 429, 'RATE_LIMITED', { fields: ['email'] });
  });
});

describe('the public preview', () => {
  it('shows workspace, role, inviter, address and expiry of a pending invitation', async () => {
    const workspace = await newWorkspace('Research');
    const email = uniqueEmail('preview');
    const sent = await invite(owner, workspace.id, email, 'admin');
    const response = await api.preview(sent.invite_token);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ expires_at: string }>();
    expect(body).toEqual({
      workspace_name: 'Research',
      role: 'admin',
      inviter: 'Olivia',
      email,
      expires_at: expect.any(String),
    });
    const days = (new Date(body.expires_at).getTime() - Date.now()) / (24 * 3600_000);
    expect(days).toBeGreaterThan(LIMITS.workspace.invitationDays - 0.01);
    expect(days).toBeLessThanOrEqual(LIMITS.workspace.invitationDays);
  });

  it('answers 404 for an unknown, expired, revoked or accepted invitation', async () => {
    const workspace = await newWorkspace();
    const expired = await insertWorkspaceInvitation(app, {
      workspaceId: workspace.id,
      inviterId: owner.user.id,
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    const revoked = await insertWorkspaceInvitation(app, {
      workspaceId: workspace.id,
      inviterId: owner.user.id,
    });
    expect((await api.revoke(admin, workspace.id, revoked.id)).statusCode).toBe(204);
    const accepted = await insertWorkspaceInvitation(app, {
      workspaceId: workspace.id,
      inviterId: owner.user.id,
    });
    expect((await api.accept(await createSignedInUser(app), accepted.token)).statusCode).toBe(200);

    expectApiError(await api.preview('no-such-token'), 404, 'INVALID_INVITATION');
    expectApiError(await api.preview(expired.token), 404, 'INVALID_INVITATION');
    expectApiError(await api.preview(revoked.token), 404, 'INVITATION_REVOKED');
    expectApiError(await api.preview(accepted.token), 404, 'INVALID_INVITATION');
  });
});

describe('accepting', () => {
  it('joins with the invited role (any signed-in account holding the link); the count grows', async () => {
    const workspace = await newWorkspace();
    const sent = await invite(owner, workspace.id, uniqueEmail('someone-else'), 'admin');
    const joiner = await createSignedInUser(app);
    const accepted = await api.accept(joiner, sent.invite_token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ workspace_id: workspace.id });
    expect((await workspaceRoles(app, workspace.id))[joiner.user.id]).toBe('admin');
    expect((await api.details(joiner, workspace.id)).json()).toMatchObject({
      role: 'admin',
      member_count: 3,
    });
    // The invitation is no longer pending.
    expect((await api.details(owner, workspace.id)).json()).toMatchObject({ invitations: [] });
  });

  it('accepting twice answers 200 with the same workspace and keeps one membership', async () => {
    const workspace = await newWorkspace();
    const invitation = await insertWorkspaceInvitation(app, {
      workspaceId: workspace.id,
      inviterId: owner.user.id,
    });
    const joiner = await createSignedInUser(app);
    const first = await api.accept(joiner, invitation.token);
    const second = await api.accept(joiner, invitation.token);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual({ workspace_id: workspace.id });
    expect(Object.keys(await workspaceRoles(app, workspace.id))).toHaveLength(3);
  });

  it('racing accepts of one token by one account: both 200, one membership', async () => {
    const workspace = await newWorkspace();
    const invitation = await insertWorkspaceInvitation(app, {
      workspaceId: workspace.id,
      inviterId: owner.user.id,
    });
    const joiner = await createSignedInUser(app);
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => api.accept(joiner, invitation.token)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    for (const response of responses) expect(response.json()).toEqual({ workspace_id: workspace.id });
    expect(Object.keys(await workspaceRoles(app, workspace.id))).toHaveLength(3);
  });

  it('refuses expired, revoked, re-sent (old token) and someone else’s accepted invitations with 404, changing nothing', async () => {
    const workspace = await newWorkspace();
    const joiner = await createSignedInUser(app);
    const expired = await insertWorkspaceInvitation(app, {
      workspaceId: workspace.id,
      inviterId: owner.user.id,
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    const revoked = await insertWorkspaceInvitation(app, {
      workspaceId: workspace.id,
      inviterId: owner.user.id,
    });
    await api.revoke(owner, workspace.id, revoked.id);
    const resent = await insertWorkspaceInvitation(app, {
      workspaceId: workspace.id,
      inviterId: owner.user.id,
    });
    const renewed = await api.resend(owner, workspace.id, resent.id);
    expect(renewed.statusCode).toBe(200);
    const taken = await insertWorkspaceInvitation(app, {
      workspaceId: workspace.id,
      inviterId: owner.user.id,
    });
    await api.accept(await createSignedInUser(app), taken.token);

    const cases = [
      [expired.token, 'INVALID_INVITATION'],
      [revoked.token, 'INVITATION_REVOKED'],
      [resent.token, 'INVALID_INVITATION'],
      [taken.token, 'INVALID_INVITATION'],
      ['unknown-token', 'INVALID_INVITATION'],
    ] as const;
    for (const [token, code] of cases)
      expectApiError(await expectNothingChanged(app, () => api.accept(joiner, token)), 404, code);
    expect((await api.details(joiner, workspace.id)).statusCode).toBe(404);
    // The re-sent invitation's new token works.
    const newToken = renewed.json<{ invite_token: string }>().invite_token;
    expect((await api.accept(joiner, newToken)).statusCode).toBe(200);
  });

  it('a member cannot use up an invitation meant for someone else (409, nothing changed)', async () => {
    const workspace = await newWorkspace();
    const invitation = await insertWorkspaceInvitation(app, {
      workspaceId: workspace.id,
      inviterId: owner.user.id,
    });
    const response = await expectNothingChanged(app, () => api.accept(admin, invitation.token));
    expectApiError(response, 409, 'ALREADY_WORKSPACE_MEMBER');
  });

  it('refuses to join a full workspace with 409, changing nothing', async () => {
    const workspace = await newWorkspace();
    const invitation = await insertWorkspaceInvitation(app, {
      workspaceId: workspace.id,
      inviterId: owner.user.id,
    });
    const limits = LIMITS.workspace as { maxMembers: number };
    const original = limits.maxMembers;
    limits.maxMembers = 2; // owner and admin already there
    try {
      const joiner = await createSignedInUser(app);
      const response = await expectNothingChanged(app, () => api.accept(joiner, invitation.token));
      expectApiError(response, 409, 'WORKSPACE_FULL', { params: { max: 2 } });
    } finally {
      limits.maxMembers = original;
    }
  });
});

describe('sending again and revoking', () => {
  it('send again: a new token and expiry and a new mail; the old token is dead', async () => {
    const workspace = await newWorkspace();
    const invitation = await insertWorkspaceInvitation(app, {
      workspaceId: workspace.id,
      inviterId: owner.user.id,
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    const response = await api.resend(admin, workspace.id, invitation.id);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ id: number; invite_token: string }>();
    expect(body.id).toBe(invitation.id);
    expect(body.invite_token).not.toBe(invitation.token);
    const [mail] = await mailsTo(invitation.email);
    expect(mail!.text).toContain(`${APP_URL}/invite?token=${body.invite_token}`);
    expectApiError(await api.preview(invitation.token), 404, 'INVALID_INVITATION');
    const preview = (await api.preview(body.invite_token)).json<{ expires_at: string }>();
    expect(new Date(preview.expires_at).getTime()).toBeGreaterThan(Date.now() + 13 * 24 * 3600_000);
  });

  it('revoking ends the invitation; revoking or re-sending it again answers 404', async () => {
    const workspace = await newWorkspace();
    const invitation = await insertWorkspaceInvitation(app, {
      workspaceId: workspace.id,
      inviterId: owner.user.id,
    });
    expect((await api.revoke(owner, workspace.id, invitation.id)).statusCode).toBe(204);
    expectApiError(
      await expectNothingChanged(app, () => api.revoke(owner, workspace.id, invitation.id)),
      404,
      'NOT_FOUND',
    );
    expectApiError(
      await expectNothingChanged(app, () => api.resend(owner, workspace.id, invitation.id)),
      404,
      'NOT_FOUND',
    );
    expect((await api.details(owner, workspace.id)).json()).toMatchObject({ invitations: [] });
  });
});
