import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/schema.ts';
import { SPENT_LINK_RETENTION_MS } from './purge-jobs.ts';
import { useTestApp } from './test/use-test-app.ts';
import { createSignedInUser } from './test/factories.ts';
import { createTeamDecision, insertInvitations } from './test/team-factories.ts';
import { insertWorkspace, insertWorkspaceInvitation } from './test/workspace-factories.ts';

const HOUR_MS = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();
/** Older than every limit that counts a spent link. */
const LONG_AGO = ago(SPENT_LINK_RETENTION_MS + HOUR_MS);

type LinkTable = 'password_reset_tokens' | 'email_verification_tokens';

describe('the purge jobs delete only what can never be used again', () => {
  const { testApp } = useTestApp();
  let db: Kysely<Database>;
  let userId: number;
  beforeAll(async () => {
    db = testApp.app.database.db;
    userId = (await createSignedInUser(testApp.app)).user.id;
  });

  async function insertLink(
    table: LinkTable,
    label: string,
    row: { created: string; expires: string; used?: string },
  ) {
    await db
      .insertInto(table)
      .values({
        user_id: userId,
        token_hash: `${label}-${randomBytes(8).toString('hex')}`,
        created_at: row.created,
        expires_at: row.expires,
        used_at: row.used ?? null,
      })
      .execute();
  }
  const labelsIn = async (table: LinkTable) =>
    (await db.selectFrom(table).select('token_hash').execute())
      .map((row) => row.token_hash.split('-')[0])
      .sort();

  it('runs every housekeeping job through the scheduler and leaves live rows alone', async () => {
    const owner = await createSignedInUser(testApp.app);
    // Sessions: expired ones go.
    const liveSessions = await db.selectFrom('sessions').select('id').orderBy('id').execute();
    await db
      .insertInto('sessions')
      .values({
        user_id: userId,
        token_hash: 'expired-session',
        created_at: ago(40 * 24 * HOUR_MS),
        last_used_at: ago(31 * 24 * HOUR_MS),
        expires_at: ago(HOUR_MS),
      })
      .execute();

    // Mailed links: spent (used or expired) and past the retention go; usable ones and recently spent
    // ones (they still count toward the per-hour mail limit) stay.
    for (const table of ['password_reset_tokens', 'email_verification_tokens'] as const) {
      await db.deleteFrom(table).execute();
      await insertLink(table, 'usedOld', {
        created: LONG_AGO,
        expires: ago(SPENT_LINK_RETENTION_MS),
        used: LONG_AGO,
      });
      await insertLink(table, 'expiredOld', { created: LONG_AGO, expires: ago(SPENT_LINK_RETENTION_MS) });
      await insertLink(table, 'usedRecent', {
        created: ago(10 * 60_000),
        expires: ahead(HOUR_MS),
        used: ago(60_000),
      });
      await insertLink(table, 'usable', { created: ago(10 * 60_000), expires: ahead(HOUR_MS) });
    }

    // Invitations: accepted, revoked or expired and past the retention go; pending ones stay.
    const decisionId = (await createTeamDecision(testApp.app, owner)).decision.id;
    const seed = { decisionId, inviterId: owner.user.id, count: 1 };
    const [acceptedOld] = await insertInvitations(testApp.app, { ...seed, createdAt: LONG_AGO });
    const [revokedOld] = await insertInvitations(testApp.app, { ...seed, createdAt: LONG_AGO });
    await insertInvitations(testApp.app, {
      ...seed,
      createdAt: LONG_AGO,
      expiresAt: ago(HOUR_MS),
    });
    const [pendingOld] = await insertInvitations(testApp.app, {
      ...seed,
      createdAt: LONG_AGO,
      expiresAt: ahead(HOUR_MS),
    });
    const [revokedRecent] = await insertInvitations(testApp.app, seed);
    await db
      .updateTable('invitations')
      .set({ accepted_at: LONG_AGO, accepted_by: userId })
      .where('id', '=', acceptedOld!.id)
      .execute();
    await db
      .updateTable('invitations')
      .set({ revoked_at: LONG_AGO })
      .where('id', 'in', [revokedOld!.id, revokedRecent!.id])
      .execute();

    // Workspace invitations (issue 29): the same rule.
    const workspace = await insertWorkspace(testApp.app, { ownerId: owner.user.id });
    const wsSeed = { workspaceId: workspace.id, inviterId: owner.user.id, createdAt: LONG_AGO };
    const wsAcceptedOld = await insertWorkspaceInvitation(testApp.app, wsSeed);
    const wsRevokedOld = await insertWorkspaceInvitation(testApp.app, wsSeed);
    await insertWorkspaceInvitation(testApp.app, { ...wsSeed, expiresAt: ago(HOUR_MS) });
    const wsPendingOld = await insertWorkspaceInvitation(testApp.app, wsSeed);
    const wsRevokedRecent = await insertWorkspaceInvitation(testApp.app, {
      ...wsSeed,
      createdAt: ago(60_000),
    });
    await db
      .updateTable('workspace_invitations')
      .set({ accepted_at: LONG_AGO, accepted_by: userId })
      .where('id', '=', wsAcceptedOld.id)
      .execute();
    await db
      .updateTable('workspace_invitations')
      .set({ revoked_at: LONG_AGO })
      .where('id', 'in', [wsRevokedOld.id, wsRevokedRecent.id])
      .execute();

    // Counters: ended windows go.
    const now = Date.now();
    await db
      .insertInto('rate_limit_counters')
      .values([
        { key: 'ended', count: 5, reset_at: now - 1, last_hit_at: now - 60_000 },
        { key: 'running', count: 5, reset_at: now + 60_000, last_hit_at: now },
      ])
      .execute();

    const ran = await testApp.app.scheduler.runDueJobs();
    expect(ran.filter((job) => job.startsWith('purge-')).sort()).toEqual([
      'purge-expired-passkey-challenges',
      'purge-expired-sessions',
      'purge-rate-limit-counters',
      'purge-spent-links',
    ]);

    expect(await db.selectFrom('sessions').select('id').orderBy('id').execute()).toEqual(liveSessions);
    for (const table of ['password_reset_tokens', 'email_verification_tokens'] as const) {
      expect(await labelsIn(table)).toEqual(['usable', 'usedRecent']);
    }
    const invitations = await db.selectFrom('invitations').select('id').orderBy('id').execute();
    expect(invitations.map((row) => row.id)).toEqual([pendingOld!.id, revokedRecent!.id]);
    const workspaceInvitations = await db
      .selectFrom('workspace_invitations')
      .select('id')
      .orderBy('id')
      .execute();
    expect(workspaceInvitations.map((row) => row.id)).toEqual([wsPendingOld.id, wsRevokedRecent.id]);
    const counters = await db.selectFrom('rate_limit_counters').select('key').execute();
    expect(counters.map((row) => row.key)).toEqual(expect.arrayContaining(['running']));
    expect(counters.map((row) => row.key)).not.toContain('ended');
  });
});
