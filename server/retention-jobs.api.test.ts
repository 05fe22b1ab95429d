import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { createComment, createDecision } from './test/decision-factories.ts';
import { createSignedInUser, type SignedInUser } from './test/factories.ts';
import { bearer } from './test/http.ts';
import { addMember, createTeamDecision } from './test/team-factories.ts';
import { insertWorkspace } from './test/workspace-factories.ts';

const DAY_MS = 24 * 3600_000;
const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
// Shorter than the defaults, so the test also shows the settings are read.
const RETENTION = { unconfirmedAccountDays: 10, notificationDays: 60 };

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await buildTestApp({ retention: RETENTION });
  app = testApp.app;
});
afterAll(() => testApp.close());

/** An account that registered `days` ago and never confirmed its address. */
async function unconfirmedSince(days: number): Promise<SignedInUser> {
  const user = await createSignedInUser(app, { isVerified: false });
  await app.database.db
    .updateTable('users')
    .set({ created_at: ago(days) })
    .where('id', '=', user.user.id)
    .execute();
  return user;
}

async function userIds(): Promise<number[]> {
  return (await app.database.db.selectFrom('users').select('id').execute()).map((row) => row.id);
}

async function runJob(name: string): Promise<void> {
  // The job's row says when it is due next; make it due now, as the schedule would in time.
  await app.database.db
    .updateTable('scheduled_jobs')
    .set({ next_run_at: 0 })
    .where('name', '=', name)
    .execute();
  expect(await app.scheduler.runDueJobs()).toContain(name);
}

describe('retention of unconfirmed accounts', () => {
  it('deletes accounts unconfirmed past UNCONFIRMED_ACCOUNT_DAYS that own nothing, with their sessions and links', async () => {
    await app.scheduler.runDueJobs(); // creates the job rows
    const stale = await unconfirmedSince(RETENTION.unconfirmedAccountDays + 1);
    const recent = await unconfirmedSince(RETENTION.unconfirmedAccountDays - 1);
    const confirmedOld = await createSignedInUser(app);
    await app.database.db
      .updateTable('users')
      .set({ created_at: ago(400) })
      .where('id', '=', confirmedOld.user.id)
      .execute();

    // Unconfirmed for long, but holding what others see: kept.
    const owner = await unconfirmedSince(RETENTION.unconfirmedAccountDays + 5);
    await createDecision(app, owner);
    const member = await unconfirmedSince(RETENTION.unconfirmedAccountDays + 5);
    const teamOwner = await createSignedInUser(app);
    const team = await createTeamDecision(app, teamOwner);
    await addMember(app, teamOwner, team.decision.id, 'editor', member);
    const commenter = await unconfirmedSince(RETENTION.unconfirmedAccountDays + 5);
    const publicDecision = await createDecision(app, teamOwner, { type: 'public' });
    await createComment(app, commenter, publicDecision.decision.id, 'From someone who never confirmed');
    // Issue 29: owning a workspace or belonging to one.
    const workspaceOwner = await unconfirmedSince(RETENTION.unconfirmedAccountDays + 5);
    const workspaceMember = await unconfirmedSince(RETENTION.unconfirmedAccountDays + 5);
    await insertWorkspace(app, { ownerId: workspaceOwner.user.id });
    await insertWorkspace(app, {
      ownerId: teamOwner.user.id,
      members: [{ userId: workspaceMember.user.id, role: 'member' }],
    });

    await runJob('delete-unconfirmed-accounts');

    const remaining = await userIds();
    expect(remaining).not.toContain(stale.user.id);
    for (const kept of [
      recent,
      confirmedOld,
      owner,
      member,
      commenter,
      teamOwner,
      workspaceOwner,
      workspaceMember,
    ]) {
      expect(remaining).toContain(kept.user.id);
    }
    const leftOfStale = await app.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', stale.user.id)
      .union(
        app.database.db
          .selectFrom('email_verification_tokens')
          .select('id')
          .where('user_id', '=', stale.user.id),
      )
      .execute();
    expect(leftOfStale).toEqual([]);
    // Its token is refused at once; the address can register again.
    expect(
      (await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(stale.token) })).statusCode,
    ).toBe(401);
    const again = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: stale.email, password: stale.password, inviteToken: null },
    });
    expect(again.statusCode).toBe(201);
    expect(
      await app.database.db.selectFrom('users').select('id').where('email', '=', stale.email).execute(),
    ).toHaveLength(1);
  });
});

describe('retention of notifications', () => {
  it('deletes notifications older than NOTIFICATION_RETENTION_DAYS and keeps newer ones', async () => {
    const user = await createSignedInUser(app);
    const insert = (label: string, days: number) =>
      app.database.db
        .insertInto('notifications')
        .values({
          user_id: user.user.id,
          kind: 'comment',
          params: JSON.stringify({ label }),
          link: null,
          decision_id: null,
          invitation_id: null,
          inviter_id: null,
          read: 0,
          created_at: ago(days),
        })
        .execute();
    await insert('old', RETENTION.notificationDays + 1);
    await insert('unread-old', RETENTION.notificationDays + 30);
    await insert('recent', RETENTION.notificationDays - 1);
    await insert('today', 0);

    await runJob('delete-old-notifications');

    const left = await app.database.db
      .selectFrom('notifications')
      .select('params')
      .where('user_id', '=', user.user.id)
      .execute();
    expect(left.map((row) => (JSON.parse(row.params) as { label: string }).label).sort()).toEqual([
      'recent',
      'today',
    ]);
  });
});
