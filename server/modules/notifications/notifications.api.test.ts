import { beforeAll, describe, expect, it } from 'vitest';
import { notificationSchema, type Notification } from '../../../shared/api/team.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { setNickname } from '../../test/decision-factories.ts';
import { createSignedInUser, uniqueEmail, type SignedInUser } from '../../test/factories.ts';
import { LIMITS } from '../../../shared/limits.ts';
import {
  acceptInvitation,
  addMember,
  ageInvitationMails,
  createTeamDecision,
  detailsOf,
  inviteByEmail,
  minutesFromNow,
  notificationsOf,
  teamApi,
} from '../../test/team-factories.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';

const { app } = useTestApp({ authRateLimitPerMinute: 10_000 });
const api = teamApi(() => app);

let owner: SignedInUser;

beforeAll(async () => {
  owner = await createSignedInUser(app);
  await setNickname(app, owner, 'Olga');
});

/** A new team decision of the owner and a signed-in user invited to it (not yet accepted). */
async function invitedUser(name = 'Trip', role: 'editor' | 'viewer' = 'editor') {
  const { decision } = await createTeamDecision(app, owner, { name });
  const invitee = await createSignedInUser(app);
  const invitation = await inviteByEmail(app, owner, decision.id, invitee.email, role);
  const [notification] = await notificationsOf(app, invitee);
  return { decision, invitee, invitation, notification: notification! };
}

async function notificationRow(id: number) {
  return app.database.db
    .selectFrom('notifications')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('GET /api/notifications', () => {
  it('an invitee with an account gets an invitation the inviter cannot accept for them', async () => {
    const { decision, invitee, notification } = await invitedUser('Trip');
    expect(notificationSchema.strict().safeParse(notification).success).toBe(true);
    expect(notification).toMatchObject({
      kind: 'invitation',
      message: 'Olga invited you to the decision “Trip”.',
      read: false,
      link: `/team-decision/${decision.id}`,
      user_id: invitee.user.id,
      inviter_id: owner.user.id,
      decision_id: decision.id,
      can_accept: true,
    });
    expect(Date.now() - Date.parse(notification.created_at)).toBeLessThan(60_000);
    // The inviter is not notified of their own invitation.
    expect((await notificationsOf(app, owner)).some((n) => n.kind === 'invitation')).toBe(false);
  });

  it('renders the message in the reader’s language: Accept-Language first, then the saved language', async () => {
    const { invitee } = await invitedUser('Ausflug');
    const [german] = await notificationsOf(app, invitee, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    expect(german!.message).toContain('eingeladen');
    expect(german!.message).toBe('Olga hat dich zur Entscheidung „Ausflug“ eingeladen.');

    const saved = await app.inject({
      method: 'PUT',
      url: '/api/users/update',
      payload: { language: 'de' },
      headers: invitee.headers,
    });
    expect(saved.statusCode).toBe(200);
    expect((await notificationsOf(app, invitee))[0]!.message).toContain('eingeladen');
    expect((await notificationsOf(app, invitee, { 'accept-language': 'en' }))[0]!.message).toBe(
      'Olga invited you to the decision “Ausflug”.',
    );
  });

  it('lists only the caller’s notifications, newest first', async () => {
    const reader = await createSignedInUser(app);
    const first = await createTeamDecision(app, owner, { name: 'First' });
    const second = await createTeamDecision(app, owner, { name: 'Second' });
    await inviteByEmail(app, owner, first.decision.id, reader.email);
    await inviteByEmail(app, owner, second.decision.id, reader.email);
    const bystander = await invitedUser('Someone else’s');

    const list = await notificationsOf(app, reader);
    expect(list.map((n) => n.decision_id)).toEqual([second.decision.id, first.decision.id]);
    expect(list.every((n) => n.user_id === reader.user.id)).toBe(true);
    expect(list.some((n) => n.decision_id === bystander.decision.id)).toBe(false);
  });

  it('offers Accept (can_accept) only while the invitation is unread, open and sent by someone else', async () => {
    // Read.
    const read = await invitedUser();
    await api.markRead(read.invitee, read.notification.id);
    expect((await notificationsOf(app, read.invitee))[0]).toMatchObject({ read: true, can_accept: false });

    // Revoked.
    const revoked = await invitedUser();
    await api.revokeInvitation(owner, revoked.decision.id, revoked.invitation.invitation_id);
    expect((await notificationsOf(app, revoked.invitee))[0]).toMatchObject({
      read: false,
      can_accept: false,
    });

    // Sent again: the same invitation, so either notice accepts it.
    const sentAgain = await invitedUser();
    // An hour later: sooner, the same address gets no second mail (issue 27).
    await ageInvitationMails(
      app,
      sentAgain.decision.id,
      sentAgain.invitee.email,
      LIMITS.team.sameAddressMailEveryMinutes,
    );
    await inviteByEmail(app, owner, sentAgain.decision.id, sentAgain.invitee.email, 'viewer');
    const afterResend = await notificationsOf(app, sentAgain.invitee);
    expect(afterResend.map((n) => n.can_accept)).toEqual([true, true]);

    // Expired.
    const expired = await invitedUser();
    await app.database.db
      .updateTable('invitations')
      .set({ expires_at: minutesFromNow(-1) })
      .where('id', '=', expired.invitation.invitation_id)
      .execute();
    expect((await notificationsOf(app, expired.invitee))[0]).toMatchObject({
      read: false,
      can_accept: false,
    });

    // Already accepted through the link.
    const viaLink = await invitedUser();
    await acceptInvitation(app, viaLink.invitee, viaLink.invitation.invite_token);
    expect((await notificationsOf(app, viaLink.invitee)).find((n) => n.kind === 'invitation')).toMatchObject({
      can_accept: false,
    });

    // Sent by the reader themselves (written directly: the API never lets anyone invite themselves).
    const own = await invitedUser();
    await app.database.db
      .updateTable('notifications')
      .set({ inviter_id: own.invitee.user.id })
      .where('id', '=', own.notification.id)
      .execute();
    expect((await notificationsOf(app, own.invitee))[0]).toMatchObject({ read: false, can_accept: false });
  });

  it('other kinds are never acceptable', async () => {
    const { decision } = await createTeamDecision(app, owner, { name: 'Kinds' });
    const member = await addMember(app, owner, decision.id, 'editor');
    await api.activate(owner, decision.id);
    const activated = (await notificationsOf(app, member)).find((n) => n.kind === 'decision_activated');
    expect(activated).toMatchObject({ read: false, can_accept: false, inviter_id: owner.user.id });
  });
});

describe('POST /api/notifications/{id}/accept', () => {
  it('accepts the invitation: membership with the invited role, the notification read, the inviter told', async () => {
    const { decision, invitee, invitation, notification } = await invitedUser('Board game night', 'viewer');
    await setNickname(app, invitee, 'Ines');
    const response = await api.acceptNotification(invitee, notification.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Invitation accepted.', decision_id: decision.id });

    expect((await detailsOf(app, invitee, decision.id)).userRole).toBe('viewer');
    expect((await notificationRow(notification.id)).read).toBe(1);
    expect((await notificationsOf(app, invitee)).find((n) => n.id === notification.id)).toMatchObject({
      read: true,
      can_accept: false,
    });
    // The link's token is used up too.
    expectApiError(await api.validate(invitation.invite_token), 404, 'INVITATION_ALREADY_ACCEPTED');

    const told = (await notificationsOf(app, owner)).filter(
      (n) => n.kind === 'invitation_accepted' && n.decision_id === decision.id,
    );
    expect(told).toEqual([
      expect.objectContaining({
        message: 'Ines accepted your invitation to “Board game night”.',
        inviter_id: invitee.user.id,
        link: `/team-decision/${decision.id}`,
        can_accept: false,
      }),
    ]);
    const german = (await notificationsOf(app, owner, { 'accept-language': 'de' })).find(
      (n) => n.kind === 'invitation_accepted' && n.decision_id === decision.id,
    );
    expect(german!.message).toBe('Ines hat deine Einladung zu „Board game night“ angenommen.');
  });

  it('the inviter is told when the invitation is accepted through the link as well', async () => {
    const { decision } = await createTeamDecision(app, owner, { name: 'By link' });
    const invitation = await inviteByEmail(app, owner, decision.id, uniqueEmail('nobody-yet'));
    const holder = await createSignedInUser(app);
    await acceptInvitation(app, holder, invitation.invite_token);
    const told = (await notificationsOf(app, owner)).filter(
      (n) => n.kind === 'invitation_accepted' && n.decision_id === decision.id,
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toBe(`${holder.email.split('@')[0]} accepted your invitation to “By link”.`);
  });

  it('refuses a second accept, a revoked and an expired invitation with 404 INVALID_INVITATION, changing nothing', async () => {
    const twice = await invitedUser();
    expect((await api.acceptNotification(twice.invitee, twice.notification.id)).statusCode).toBe(200);
    expectApiError(
      await expectNothingChanged(app, () => api.acceptNotification(twice.invitee, twice.notification.id)),
      404,
      'INVALID_INVITATION',
    );

    const revoked = await invitedUser();
    await api.revokeInvitation(owner, revoked.decision.id, revoked.invitation.invitation_id);
    expectApiError(
      await expectNothingChanged(app, () => api.acceptNotification(revoked.invitee, revoked.notification.id)),
      404,
      'INVALID_INVITATION',
    );

    const expired = await invitedUser();
    await app.database.db
      .updateTable('invitations')
      .set({ expires_at: minutesFromNow(-1) })
      .where('id', '=', expired.invitation.invitation_id)
      .execute();
    expectApiError(
      await expectNothingChanged(app, () => api.acceptNotification(expired.invitee, expired.notification.id)),
      404,
      'INVALID_INVITATION',
    );
    expectApiError(await api.details(expired.invitee, expired.decision.id), 404, 'NOT_FOUND');
  });

  it('answers 404 for someone else’s notification, a notification of another kind and an unknown id', async () => {
    const { invitee, notification } = await invitedUser();
    const thief = await createSignedInUser(app);
    expectApiError(
      await expectNothingChanged(app, () => api.acceptNotification(thief, notification.id)),
      404,
      'NOT_FOUND',
    );

    const { decision } = await createTeamDecision(app, owner, { name: 'Other kind' });
    const member = await addMember(app, owner, decision.id, 'editor');
    await api.activate(owner, decision.id);
    const activated = (await notificationsOf(app, member)).find((n) => n.kind === 'decision_activated')!;
    expectApiError(
      await expectNothingChanged(app, () => api.acceptNotification(member, activated.id)),
      404,
      'NOT_FOUND',
    );
    expectApiError(
      await expectNothingChanged(app, () => api.acceptNotification(invitee, 987_654)),
      404,
      'NOT_FOUND',
    );
    // The rightful invitee still can.
    expect((await api.acceptNotification(invitee, notification.id)).statusCode).toBe(200);
  });
});

describe('PUT /api/notifications/{id}/read and /read-all', () => {
  it('marks one notification read and leaves the others unread', async () => {
    const reader = await createSignedInUser(app);
    const a = await createTeamDecision(app, owner, { name: 'A' });
    const b = await createTeamDecision(app, owner, { name: 'B' });
    await inviteByEmail(app, owner, a.decision.id, reader.email);
    await inviteByEmail(app, owner, b.decision.id, reader.email);
    const [newest, older] = await notificationsOf(app, reader);

    const response = await api.markRead(reader, older!.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Notification marked as read.' });
    const list = await notificationsOf(app, reader);
    expect(list.map((n) => [n.id, n.read])).toEqual([
      [newest!.id, false],
      [older!.id, true],
    ]);
    // Idempotent.
    expect((await api.markRead(reader, older!.id)).statusCode).toBe(200);
  });

  it('marks all of the caller’s notifications read, nobody else’s', async () => {
    const reader = await createSignedInUser(app);
    const other = await invitedUser('Untouched');
    for (const name of ['X', 'Y', 'Z']) {
      const { decision } = await createTeamDecision(app, owner, { name });
      await inviteByEmail(app, owner, decision.id, reader.email);
    }
    expect((await notificationsOf(app, reader)).map((n) => n.read)).toEqual([false, false, false]);

    const response = await api.markAllRead(reader);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'All notifications marked as read.' });
    const list: Notification[] = await notificationsOf(app, reader);
    expect(list.map((n) => [n.read, n.can_accept])).toEqual([
      [true, false],
      [true, false],
      [true, false],
    ]);
    expect((await notificationsOf(app, other.invitee))[0]).toMatchObject({ read: false, can_accept: true });
  });

  it('answers 404 for someone else’s or an unknown notification and changes nothing', async () => {
    const { notification } = await invitedUser();
    const stranger = await createSignedInUser(app);
    for (const id of [notification.id, 987_654]) {
      expectApiError(await expectNothingChanged(app, () => api.markRead(stranger, id)), 404, 'NOT_FOUND');
    }
    expect((await notificationRow(notification.id)).read).toBe(0);
  });

  it('answers 400 for a malformed id', async () => {
    const reader = await createSignedInUser(app);
    expectApiError(await api.markRead(reader, 'abc'), 400, 'VALIDATION_FAILED', { fields: ['id'] });
    expectApiError(await api.acceptNotification(reader, '0'), 400, 'VALIDATION_FAILED', { fields: ['id'] });
  });
});

describe('without a session', () => {
  it.each([
    ['GET /api/notifications', () => api.notifications(undefined)],
    ['PUT /api/notifications/{id}/read', () => api.markRead(undefined, 1)],
    ['PUT /api/notifications/read-all', () => api.markAllRead(undefined)],
    ['POST /api/notifications/{id}/accept', () => api.acceptNotification(undefined, 1)],
  ])('%s answers 401 and changes nothing', async (_name, call) => {
    expectApiError(await expectNothingChanged(app, call), 401, 'UNAUTHORIZED');
  });
});
