import { describe, expect, it } from 'vitest';
import type { DeletionPreview } from '../../../shared/api/account.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { fullVote } from '../../test/lifecycle-factories.ts';
import { createTeamDecision, detailsOf, notificationsOf, teamApi } from '../../test/team-factories.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { workspaceMemberships } from '../../test/workspace-factories.ts';

// Issue 29: deleting an account hands each owned workspace to its longest-standing admin, else its
// longest-standing member (who is told), or deletes it when nobody else is in it; memberships of
// other workspaces end as if the user left. The preview names them first.

const { app } = useTestApp({ authRateLimitPerMinute: 100_000 });
const team = teamApi(() => app);
const workspaces = workspaceMemberships(() => app);

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600_000).toISOString();

async function preview(user: SignedInUser): Promise<DeletionPreview> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/users/me/deletion-preview',
    headers: user.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DeletionPreview>();
}

const deleteAccount = (user: SignedInUser, password: string) =>
  app.inject({ method: 'DELETE', url: '/api/users/me', payload: { password }, headers: user.headers });

function workspaceRow(id: number) {
  return app.database.db.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst();
}

function membershipsOf(workspaceId: number) {
  return app.database.db
    .selectFrom('workspace_members')
    .select(['user_id', 'role'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('user_id')
    .execute();
}

describe('deleting an account with workspaces', () => {
  it('hands owned workspaces to the longest-standing admin, else member; deletes a lone one; leaves others', async () => {
    const [leaver, oldMember, newAdmin, oldAdmin, onlyMember, host] = await Promise.all(
      Array.from({ length: 6 }, () => createSignedInUser(app)),
    );
    // With admins: the admin who joined first takes over, although a member joined earlier still.
    const withAdmins = await workspaces.createWorkspace(leaver!, 'With admins');
    await workspaces.join(withAdmins, oldMember!, 'member', daysAgo(30));
    await workspaces.join(withAdmins, newAdmin!, 'admin', daysAgo(5));
    await workspaces.join(withAdmins, oldAdmin!, 'admin', daysAgo(10));
    // Only members: the member takes over and becomes owner.
    const onlyMembers = await workspaces.createWorkspace(leaver!, 'Only members');
    await workspaces.join(onlyMembers, onlyMember!, 'member', daysAgo(3));
    // Nobody else: it goes, its decision stays with its owner, in no workspace.
    const alone = await workspaces.createWorkspace(leaver!, 'Alone');
    // Someone else's workspace: the membership ends.
    const hosted = await workspaces.createWorkspace(host!, 'Hosted');
    await workspaces.join(hosted, leaver!, 'member');

    // Decisions to watch: an open one of "Only members" where the heir becomes admin, and an open one
    // of "Hosted" where the leaver's votes go as a leaving member's do.
    // The leaver's own decision of "Only members": it passes to the heir (issue 28) as well.
    const inOnlyMembers = await createTeamDecision(app, leaver!, { workspace_id: onlyMembers } as never);
    const inHosted = await createTeamDecision(app, host!, { workspace_id: hosted } as never);
    expect((await team.activate(host!, inHosted.decision.id)).statusCode).toBe(200);
    expect((await team.evaluate(leaver!, inHosted.decision.id, fullVote(inHosted, 9))).statusCode).toBe(200);
    expect((await team.evaluate(host!, inHosted.decision.id, fullVote(inHosted, 3))).statusCode).toBe(200);
    const soloDecision = await createTeamDecision(app, host!, { workspace_id: hosted } as never);
    const inAlone = await app.database.db
      .insertInto('decisions')
      .values({
        user_id: host!.user.id,
        name: 'Detached',
        description: '',
        mode: 'manual',
        type: 'team',
        score: null,
        workspace_id: alone,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const plan = await preview(leaver!);
    expect(plan.workspaces_transferred).toEqual([
      { id: withAdmins, name: 'With admins', heir: { display_name: expect.any(String), role: 'admin' } },
      { id: onlyMembers, name: 'Only members', heir: { display_name: expect.any(String), role: 'member' } },
    ]);
    expect(plan.workspaces_deleted).toEqual([{ id: alone, name: 'Alone' }]);
    expect(plan.workspaces_left).toEqual([{ id: hosted, name: 'Hosted' }]);
    expect(JSON.stringify(plan)).not.toContain('@');

    // A wrong password changes nothing, workspaces included.
    await expectNothingChanged(app, async () => {
      expect((await deleteAccount(leaver!, 'wrong password entirely')).statusCode).toBe(403);
    });

    expect((await deleteAccount(leaver!, leaver!.password)).statusCode).toBe(204);

    expect((await workspaceRow(withAdmins))?.owner_id).toBe(oldAdmin!.user.id);
    expect(await membershipsOf(withAdmins)).toEqual(
      [
        { user_id: oldMember!.user.id, role: 'member' },
        { user_id: newAdmin!.user.id, role: 'admin' },
        { user_id: oldAdmin!.user.id, role: 'owner' },
      ].sort((a, b) => a.user_id - b.user_id),
    );
    expect((await workspaceRow(onlyMembers))?.owner_id).toBe(onlyMember!.user.id);
    expect(await membershipsOf(onlyMembers)).toEqual([{ user_id: onlyMember!.user.id, role: 'owner' }]);
    expect(await workspaceRow(alone)).toBeUndefined();
    const detached = await app.database.db
      .selectFrom('decisions')
      .select(['workspace_id', 'user_id'])
      .where('id', '=', inAlone.id)
      .executeTakeFirstOrThrow();
    expect(detached).toEqual({ workspace_id: null, user_id: host!.user.id });
    expect(await membershipsOf(hosted)).toEqual([{ user_id: host!.user.id, role: 'owner' }]);

    // The open decision of "Hosted": the leaver's votes are gone, the result is the host's alone.
    const hostedDetails = await detailsOf(app, host!, inHosted.decision.id);
    expect(hostedDetails.participation).toEqual({ voters: 1, complete: 1 });
    expect(hostedDetails.teamResults!.cells.every((cell) => cell.value === 3 && cell.votes === 1)).toBe(true);
    expect((await detailsOf(app, host!, soloDecision.decision.id)).teamMembers).toHaveLength(1);
    const inherited = await detailsOf(app, onlyMember!, inOnlyMembers.decision.id);
    expect(inherited.decision.user_id).toBe(onlyMember!.user.id);
    expect(inherited.workspace).toEqual({ id: onlyMembers, name: 'Only members' });
    expect(inherited.teamMembers.map((row) => row.user_id)).toEqual([onlyMember!.user.id]);

    // The new owners are told.
    for (const [heir, name] of [
      [oldAdmin!, 'With admins'],
      [onlyMember!, 'Only members'],
    ] as const) {
      const notices = (await notificationsOf(app, heir)).filter(
        (n) => n.kind === 'workspace_ownership_received',
      );
      expect(notices).toHaveLength(1);
      expect(notices[0]!.message).toContain(name);
    }
    expect(
      (await notificationsOf(app, newAdmin!)).filter((n) => n.kind === 'workspace_ownership_received'),
    ).toEqual([]);
  });

  it('the data export lists the workspaces and the role in each', async () => {
    const [user, host] = [await createSignedInUser(app), await createSignedInUser(app)];
    const own = await workspaces.createWorkspace(user, 'Mine');
    const hosted = await workspaces.createWorkspace(host, 'Theirs');
    await workspaces.join(hosted, user, 'admin');
    const response = await app.inject({ method: 'GET', url: '/api/users/me/export', headers: user.headers });
    expect(response.statusCode).toBe(200);
    const { unzipSync, strFromU8 } = await import('fflate');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const listed = JSON.parse(strFromU8(files['workspaces.json']!)) as {
      id: number;
      name: string;
      role: string;
    }[];
    expect(listed.map(({ id, name, role }) => ({ id, name, role }))).toEqual([
      { id: own, name: 'Mine', role: 'owner' },
      { id: hosted, name: 'Theirs', role: 'admin' },
    ]);
  });
});
