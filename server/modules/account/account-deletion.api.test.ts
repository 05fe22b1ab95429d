import type { FastifyInstance } from 'fastify';
import { generateSync } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/limits.ts';
import type { DeletionPreview } from '../../../shared/api/account.ts';
import type { Comment } from '../../../shared/api/comments.ts';
import de from '../../../shared/i18n/de.json' with { type: 'json' };
import en from '../../../shared/i18n/en.json' with { type: 'json' };
import { expectApiError } from '../../test/api-errors.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { countRows, expectNothingChanged } from '../../test/db-snapshot.ts';
import { createComment, createDecision } from '../../test/decision-factories.ts';
import { createSignedInUser, DEFAULT_PASSWORD, type SignedInUser } from '../../test/factories.ts';
import { fullVote, teamWithRoles } from '../../test/lifecycle-factories.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import {
  addMember,
  createTeamDecision,
  detailsOf,
  inviteByEmail,
  notificationsOf,
  teamApi,
} from '../../test/team-factories.ts';

const FORMER = { en: en.people.formerMember, de: de.people.formerMember };
let smtp: TestSmtpServer;
let testApp: TestApp;
let app: FastifyInstance;
const team = teamApi(() => app);

beforeAll(async () => {
  smtp = await startSmtpServer();
  testApp = await buildTestApp({
    authRateLimitPerMinute: 10_000,
    smtpUrl: smtp.url,
    mailRetryDelaysMs: [20],
  });
  app = testApp.app;
});
afterEach(() => {
  smtp.messages.length = 0;
});
afterAll(async () => {
  await testApp.close();
  await smtp.close();
});

const deleteAccount = (
  caller: SignedInUser | undefined,
  payload: unknown,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'DELETE',
    url: '/api/users/me',
    payload: payload as object,
    headers: { ...caller?.headers, ...headers },
  });

async function deleted(user: SignedInUser): Promise<void> {
  const response = await deleteAccount(user, { password: user.password });
  expect(response.statusCode, response.body).toBe(204);
}

async function preview(user: SignedInUser): Promise<DeletionPreview> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/users/me/deletion-preview',
    headers: user.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DeletionPreview>();
}

async function commentsOf(reader: SignedInUser, decisionId: number, language: 'en' | 'de' = 'en') {
  const response = await app.inject({
    method: 'GET',
    url: `/api/comments/${decisionId}`,
    headers: { ...reader.headers, 'accept-language': language },
  });
  expect(response.statusCode).toBe(200);
  return response.json<Comment[]>();
}

const ownerOf = async (decisionId: number) =>
  (
    await app.database.db
      .selectFrom('decisions')
      .select('user_id')
      .where('id', '=', decisionId)
      .executeTakeFirst()
  )?.user_id;

describe('DELETE /api/users/me refusals', () => {
  it('refuses a missing password with 400 and a wrong one with 403, in the caller language, changing nothing', async () => {
    const user = await createSignedInUser(app);
    await createDecision(app, user);
    await expectNothingChanged(app, async () => {
      expectApiError(await deleteAccount(user, {}), 400, 'VALIDATION_FAILED', { fields: ['password'] });
      expectApiError(await deleteAccount(user, { password: '' }), 400, 'VALIDATION_FAILED', {
        fields: ['password'],
      });
      expectApiError(
        await deleteAccount(user, { password: 'not my password' }),
        403,
        'WRONG_CURRENT_PASSWORD',
        {
          fields: ['password'],
        },
      );
      expectApiError(
        await deleteAccount(user, { password: 'not my password' }, { 'accept-language': 'de' }),
        403,
        'WRONG_CURRENT_PASSWORD',
        { fields: ['password'], language: 'de' },
      );
      expectApiError(await deleteAccount(undefined, { password: DEFAULT_PASSWORD }), 401, 'UNAUTHORIZED');
    });
    expect(
      (await app.inject({ method: 'GET', url: '/api/users/me', headers: user.headers })).statusCode,
    ).toBe(200);
  });
});

describe('DELETE /api/users/me', () => {
  it('deletes personal decisions, ends every session, frees the address and mails the old one in the user language', async () => {
    const user = await createSignedInUser(app);
    await app.inject({
      method: 'PUT',
      url: '/api/users/update',
      payload: { language: 'de' },
      headers: user.headers,
    });
    const secondLogin = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    const otherToken = secondLogin.json<{ token: string }>().token;
    const { decision: privateOne } = await createDecision(app, user);
    const { decision: publicOne } = await createDecision(app, user, { type: 'public', name: 'Public one' });
    const reader = await createSignedInUser(app);
    await app.mailer.idle();
    smtp.messages.length = 0;

    expect((await preview(user)).personal_decisions_deleted).toBe(2);
    await deleted(user);

    for (const id of [privateOne.id, publicOne.id]) {
      expect((await team.details(reader, id)).statusCode).toBe(404);
      expect(await ownerOf(id)).toBeUndefined();
    }
    for (const token of [user.token, otherToken]) {
      const me = await app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.statusCode).toBe(401);
    }
    const sessions = await app.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.user.id)
      .execute();
    expect(sessions).toEqual([]);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    expectApiError(login, 401, 'INVALID_CREDENTIALS');

    await app.mailer.idle();
    const [mail] = await smtp.waitForMessages(1);
    expect(mail!.envelopeTo).toEqual([user.email]);
    expect(mail!.subject).toBe(de.mail.accountDeleted.subject);

    // The tombstone holds nothing personal, and the address registers anew.
    const tombstone = await app.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(tombstone).toMatchObject({
      email: `deleted:${user.user.id}`,
      nickname: null,
      first_name: null,
      avatar_id: null,
    });
    expect(tombstone.deleted_at).not.toBeNull();
    const again = await createSignedInUser(app, { email: user.email });
    expect(again.user.id).not.toBe(user.user.id);
  });
});

describe('DELETE /api/users/me in parallel', () => {
  it('deletes once: a second request at the same time finds no account and changes nothing more', async () => {
    const user = await createSignedInUser(app);
    await app.mailer.idle();
    smtp.messages.length = 0;
    const statuses = await Promise.all([
      deleteAccount(user, { password: user.password }),
      deleteAccount(user, { password: user.password }),
    ]);
    expect(statuses.map((response) => response.statusCode).sort()).toEqual([204, 401]);
    await app.mailer.idle();
    expect(smtp.messages.filter((mail) => mail.envelopeTo.includes(user.email))).toHaveLength(1);
  });
});

describe('DELETE /api/users/me: owned team decisions', () => {
  it('hands an owned team decision to the admin who joined first, before an earlier editor, who is told; open votes of the leaver go', async () => {
    const owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner, { results_visibility: 'always' });
    const id = created.decision.id;
    const editor = await addMember(app, owner, id, 'editor');
    const admin = await addMember(app, owner, id, 'admin');
    await addMember(app, owner, id, 'viewer');
    expect((await team.activate(owner, id)).statusCode).toBe(200);
    expect((await team.evaluate(owner, id, fullVote(created, 10))).statusCode).toBe(200);
    expect((await team.evaluate(admin, id, fullVote(created, 2))).statusCode).toBe(200);
    expect((await team.submitVote(admin, id)).statusCode).toBe(200);

    const planned = await preview(owner);
    expect(planned.team_decisions_transferred).toEqual([
      { id, name: 'Team offsite', heir: { display_name: admin.email.split('@')[0], role: 'admin' } },
    ]);
    expect(planned.team_decisions_deleted).toEqual([]);
    await deleted(owner);

    expect(await ownerOf(id)).toBe(admin.user.id);
    const details = await detailsOf(app, admin, id);
    expect(details.userRole).toBe('owner');
    // The heir's own submission became the owner's; the leaver is gone from the list, their votes too.
    const owners = details.teamMembers.filter((member) => member.role === 'owner');
    expect(owners).toMatchObject([{ user_id: admin.user.id, submitted_at: expect.any(String) }]);
    expect(details.teamMembers.map((member) => member.user_id)).not.toContain(owner.user.id);
    expect(details.teamResults!.cells.every((cell) => cell.value === 2)).toBe(true);
    expect((await detailsOf(app, editor, id)).userRole).toBe('editor');
    const notices = await notificationsOf(app, admin);
    expect(notices[0]).toMatchObject({
      kind: 'ownership_received',
      link: `/team-decision/${id}`,
      decision_id: id,
    });
    expect(notices[0]!.message).toContain('Team offsite');
  });

  it('hands it to the editor who joined first when there is no admin; with only viewers or nobody it is deleted', async () => {
    const owner = await createSignedInUser(app);
    const withEditors = await createTeamDecision(app, owner, { name: 'Editors only' });
    const firstEditor = await addMember(app, owner, withEditors.decision.id, 'editor');
    await addMember(app, owner, withEditors.decision.id, 'editor');
    const withViewers = await createTeamDecision(app, owner, { name: 'Viewers only' });
    const viewer = await addMember(app, owner, withViewers.decision.id, 'viewer');
    const alone = await createTeamDecision(app, owner, { name: 'Alone' });

    const planned = await preview(owner);
    expect(planned.team_decisions_transferred.map((entry) => [entry.name, entry.heir.role])).toEqual([
      ['Editors only', 'editor'],
    ]);
    expect(planned.team_decisions_deleted.map((entry) => entry.name)).toEqual(['Viewers only', 'Alone']);
    await deleted(owner);

    expect(await ownerOf(withEditors.decision.id)).toBe(firstEditor.user.id);
    expect(await ownerOf(withViewers.decision.id)).toBeUndefined();
    expect(await ownerOf(alone.decision.id)).toBeUndefined();
    expect((await team.details(viewer, withViewers.decision.id)).statusCode).toBe(404);
  });
});

describe('DELETE /api/users/me: memberships and former members', () => {
  it('removes a member’s votes and weights from an open decision (tallies follow) and keeps them in a closed one as a former member', async () => {
    const owner = await createSignedInUser(app);
    const open = await teamWithRoles(app, owner, { name: 'Still open' });
    const closed = await teamWithRoles(app, owner, { name: 'Closed' });
    const leaver = await createSignedInUser(app);
    for (const fixture of [open, closed]) {
      await addMember(app, owner, fixture.decision.id, 'editor', leaver);
      expect(
        (await team.evaluate(fixture.editor, fixture.decision.id, fullVote(fixture, 4))).statusCode,
      ).toBe(200);
      expect((await team.evaluate(leaver, fixture.decision.id, fullVote(fixture, 10))).statusCode).toBe(200);
      const weights = fixture.criterionIds.map((criterion_id) => ({ criterion_id, weight: 50 }));
      expect((await team.weights(leaver, fixture.decision.id, weights)).statusCode).toBe(200);
    }
    expect((await team.endVoting(owner, closed.decision.id)).statusCode).toBe(200);
    const closedBefore = await detailsOf(app, owner, closed.decision.id);
    expect(await preview(leaver)).toMatchObject({ memberships_open: 1, memberships_closed: 1 });

    await deleted(leaver);

    const openAfter = await detailsOf(app, owner, open.decision.id);
    expect(openAfter.teamMembers.map((member) => member.display_name)).not.toContain(FORMER.en);
    expect(openAfter.teamResults!.cells.every((cell) => cell.value === 4)).toBe(true);
    expect(openAfter.weightsByUser[String(leaver.user.id)]).toBeUndefined();
    const tallies = await app.database.db
      .selectFrom('voter_vote_tallies')
      .select('user_id')
      .where('decision_id', '=', open.decision.id)
      .execute();
    expect(tallies.map((row) => row.user_id)).not.toContain(leaver.user.id);

    for (const language of ['en', 'de'] as const) {
      const response = await team.details(
        { headers: { ...owner.headers, 'accept-language': language } },
        closed.decision.id,
      );
      const after = response.json<typeof closedBefore>();
      expect(after.teamResults).toEqual(closedBefore.teamResults);
      expect(after.results).toEqual(closedBefore.results);
      const former = after.teamMembers.filter((member) => member.display_name === FORMER[language]);
      expect(former).toEqual([
        expect.objectContaining({
          user_id: null,
          email: null,
          nickname: null,
          avatar_url: null,
          role: 'editor',
        }),
      ]);
    }
  });

  it('keeps comments under a former member in English and German, in the CSV export too, and drops invitations and notifications', async () => {
    const owner = await createSignedInUser(app);
    const fixture = await teamWithRoles(app, owner, { name: 'Commented' });
    const leaver = fixture.editor;
    await createComment(app, leaver, fixture.decision.id, 'My last word');
    // An invitation addressed to the leaver and one they could not have sent as editor: sent by the owner to them.
    const other = await createTeamDecision(app, owner, { name: 'Invited' });
    await inviteByEmail(app, owner, other.decision.id, leaver.email, 'viewer');
    expect(await countRows(app, 'notifications')).toBeGreaterThan(0);

    await deleted(leaver);

    for (const language of ['en', 'de'] as const) {
      const [comment] = await commentsOf(owner, fixture.decision.id, language);
      expect(comment).toMatchObject({
        text: 'My last word',
        user_id: null,
        display_name: FORMER[language],
        avatar_url: null,
      });
    }
    const invitations = await app.database.db
      .selectFrom('invitations')
      .select('id')
      .where('email', '=', leaver.email)
      .execute();
    expect(invitations).toEqual([]);
    const notices = await app.database.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', leaver.user.id)
      .execute();
    expect(notices).toEqual([]);

    // The open decision dropped the leaver; a closed one with a comment names them in its CSV.
    const closed = await teamWithRoles(app, owner, { name: 'Closed with leaver' });
    const leaver2 = closed.editor;
    expect((await team.evaluate(leaver2, closed.decision.id, fullVote(closed, 7))).statusCode).toBe(200);
    expect((await team.endVoting(owner, closed.decision.id)).statusCode).toBe(200);
    await deleted(leaver2);
    for (const language of ['en', 'de'] as const) {
      const csv = await app.inject({
        method: 'GET',
        url: `/api/decision/${closed.decision.id}/export.csv`,
        headers: { ...owner.headers, 'accept-language': language },
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain(FORMER[language]);
      expect(csv.body).not.toContain(leaver2.email);
    }
  });

  it('shows a comment’s author as a former member in the notifications of others', async () => {
    const owner = await createSignedInUser(app);
    const fixture = await teamWithRoles(app, owner, { name: 'Noticed' });
    await createComment(app, fixture.viewer, fixture.decision.id, 'Hello');
    await deleted(fixture.viewer);
    const notices = await notificationsOf(app, owner, { 'accept-language': 'de' });
    const comment = notices.find((notice) => notice.kind === 'comment')!;
    expect(comment.message).toContain(FORMER.de);
    expect(comment.inviter_id).toBeNull();
  });
});

describe('DELETE /api/users/me with a second factor on', () => {
  const PERIOD_MS = LIMITS.twoStep.periodSeconds * 1000;
  let factorApp: TestApp;
  const codeOf = (secret: string, stepOffset = 0) =>
    generateSync({ secret, epoch: Math.floor((Date.now() + stepOffset * PERIOD_MS) / 1000) });

  beforeAll(async () => {
    factorApp = await buildTestApp({ authRateLimitPerMinute: 10_000 });
  });
  afterAll(async () => {
    await factorApp.close();
  });

  /** Turns TOTP on through the API, as the profile page does, and lets the enrolment's step pass. */
  async function withTwoStepSignIn(target: FastifyInstance, user: SignedInUser) {
    const enrolment = await target.inject({
      method: 'POST',
      url: '/api/users/me/totp',
      headers: user.headers,
    });
    const { secret } = enrolment.json<{ secret: string }>();
    const confirmed = await target.inject({
      method: 'POST',
      url: '/api/users/me/totp/confirm',
      headers: user.headers,
      payload: { code: codeOf(secret) },
    });
    const { recovery_codes } = confirmed.json<{ recovery_codes: string[] }>();
    await target.database.db
      .updateTable('totp_credentials')
      .set({ last_used_step: Math.floor(Date.now() / PERIOD_MS) - 2 })
      .where('user_id', '=', user.user.id)
      .execute();
    return { secret, recoveryCodes: recovery_codes };
  }

  it('asks for the code in the preview, refuses a missing code with 400 and a wrong one with 403 changing nothing, and deletes with the right one', async () => {
    const target = factorApp.app;
    const user = await createSignedInUser(target);
    await createDecision(target, user);
    const { secret } = await withTwoStepSignIn(target, user);
    const send = (payload: object) =>
      target.inject({ method: 'DELETE', url: '/api/users/me', payload, headers: user.headers });
    const previewed = await target.inject({
      method: 'GET',
      url: '/api/users/me/deletion-preview',
      headers: user.headers,
    });
    expect(previewed.json<DeletionPreview>().second_factor_required).toBe(true);
    const near = new Set([-1, 0, 1].map((offset) => codeOf(secret, offset)));
    const wrongCode = ['000000', '111111', '222222'].find((code) => !near.has(code))!;

    await expectNothingChanged(target, async () => {
      expectApiError(await send({ password: user.password }), 400, 'VALIDATION_FAILED', { fields: ['code'] });
      expectApiError(
        await send({ password: user.password, code: wrongCode }),
        403,
        'WRONG_SECOND_FACTOR_CODE',
        {
          fields: ['code'],
        },
      );
      expectApiError(
        await send({ password: 'wrong password', code: codeOf(secret) }),
        403,
        'WRONG_CURRENT_PASSWORD',
        { fields: ['password'] },
      );
    });
    expect((await send({ password: user.password, code: codeOf(secret) })).statusCode).toBe(204);
  });

  it('takes a recovery code in place of the code', async () => {
    const target = factorApp.app;
    const user = await createSignedInUser(target);
    const { recoveryCodes } = await withTwoStepSignIn(target, user);
    const deleted = await target.inject({
      method: 'DELETE',
      url: '/api/users/me',
      payload: { password: user.password, code: recoveryCodes[0] },
      headers: user.headers,
    });
    expect(deleted.statusCode).toBe(204);
  });
});
