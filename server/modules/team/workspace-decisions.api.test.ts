import { beforeAll, describe, expect, it } from 'vitest';
import type { DecisionDetails, DecisionListItem } from '../../../shared/api/decisions.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { decisionApi } from '../../test/decision-factories.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { fullVote } from '../../test/lifecycle-factories.ts';
import {
  addMember,
  bumpRevision,
  createTeamDecision,
  detailsOf,
  insertMembers,
  minutesFromNow,
  notificationsOf,
  teamApi,
  type CreatedTeamDecision,
} from '../../test/team-factories.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { workspaceMemberships } from '../../test/workspace-factories.ts';

// Issue 29, "Team decisions in a workspace": who takes part through a workspace, what joining and
// leaving do to draft, open, closed and decided decisions, the workspace on every decision, and whose
// addresses a workspace decision shows. Workspaces are made and changed through their endpoints
// (workspaceMemberships in server/test/workspace-factories.ts).

const { app } = useTestApp({ authRateLimitPerMinute: 100_000 });
const team = teamApi(() => app);
const decisions = decisionApi(() => app);
const workspaces = workspaceMemberships(() => app);

interface Crew {
  owner: SignedInUser;
  admin: SignedInUser;
  member: SignedInUser;
  outsider: SignedInUser;
  workspaceId: number;
}

/** A workspace "Marketing" with an owner, an admin and a member, and an outsider. */
async function crew(name = 'Marketing'): Promise<Crew> {
  const [owner, admin, member, outsider] = await Promise.all(
    Array.from({ length: 4 }, () => createSignedInUser(app)),
  );
  const workspaceId = await workspaces.createWorkspace(owner!, name);
  await workspaces.join(workspaceId, admin!, 'admin');
  await workspaces.join(workspaceId, member!, 'member');
  return { owner: owner!, admin: admin!, member: member!, outsider: outsider!, workspaceId };
}

function membersOf(app_: typeof app, decisionId: number) {
  return app_.database.db
    .selectFrom('team_members')
    .select(['user_id', 'role', 'via_workspace', 'role_pinned', 'left_at'])
    .where('decision_id', '=', decisionId)
    .orderBy('user_id')
    .execute();
}

async function workspaceDecision(creator: SignedInUser, workspaceId: number): Promise<CreatedTeamDecision> {
  return createTeamDecision(app, creator, { workspace_id: workspaceId } as never);
}

/** Everything a reader sees of how the vote stands (nothing of who is in the team). */
function resultOf(details: DecisionDetails) {
  return {
    score: details.decision.score,
    results: details.results,
    teamResults: details.teamResults,
    consensus: details.consensus,
    participation: details.participation,
    weightsByUser: details.weightsByUser,
  };
}

async function closeByDeadline(decisionId: number): Promise<void> {
  await app.database.db
    .updateTable('decisions')
    .set({ timer: minutesFromNow(-1) })
    .where('id', '=', decisionId)
    .execute();
  await bumpRevision(app, decisionId);
}

async function markDecided(decisionId: number, optionId: number): Promise<void> {
  await app.database.db
    .updateTable('decisions')
    .set({ outcome_option_id: optionId })
    .where('id', '=', decisionId)
    .execute();
  await bumpRevision(app, decisionId);
}

/** An activated workspace decision where the owner, the admin and the member voted in full and weighted. */
async function votedDecision(c: Crew): Promise<CreatedTeamDecision> {
  const created = await workspaceDecision(c.owner, c.workspaceId);
  expect((await team.activate(c.owner, created.decision.id)).statusCode).toBe(200);
  for (const [voter, value] of [
    [c.owner, 8],
    [c.admin, 6],
    [c.member, 2],
  ] as const) {
    expect((await team.evaluate(voter, created.decision.id, fullVote(created, value))).statusCode).toBe(200);
    const weights = created.criterionIds.map((criterion_id, index) => ({
      criterion_id,
      weight: index === 0 ? value * 10 : 100 - value * 10,
    }));
    expect((await team.weights(voter, created.decision.id, weights)).statusCode).toBe(200);
  }
  return created;
}

describe('POST /api/team-decisions with workspace_id', () => {
  let c: Crew;
  beforeAll(async () => {
    c = await crew();
  });

  it('owner and admin create one: every other workspace member takes part without an invitation', async () => {
    for (const creator of [c.owner, c.admin]) {
      const created = await workspaceDecision(creator, c.workspaceId);
      const others = [c.owner, c.admin, c.member].filter((user) => user !== creator);
      const expected = others
        .map((user) => ({
          user_id: user.user.id,
          role: user === c.member ? 'editor' : 'admin',
          via_workspace: 1,
          role_pinned: 0,
          left_at: null,
        }))
        .sort((a, b) => a.user_id - b.user_id);
      expect(await membersOf(app, created.decision.id)).toEqual(expected);
      expect(created.decision.user_id).toBe(creator.user.id);
      const details = await detailsOf(app, c.member, created.decision.id);
      expect(details.workspace).toEqual({ id: c.workspaceId, name: 'Marketing' });
      expect(details.userRole).toBe(creator === c.member ? 'owner' : 'editor');
      // No invitation was sent or is pending.
      expect(details.teamMembers.filter((row) => !row.accepted)).toEqual([]);
    }
  });

  it('a plain member gets 403, an outsider and an unknown workspace 404; nothing changes', async () => {
    const payload = (workspaceId: unknown) => ({
      name: 'Refused',
      options: ['A', 'B'],
      criteria: [{ name: 'Cost', importance: 50 }],
      workspace_id: workspaceId,
    });
    await expectNothingChanged(app, async () => {
      expectApiError(await team.createTeamDecision(c.member, payload(c.workspaceId)), 403, 'FORBIDDEN');
      expectApiError(await team.createTeamDecision(c.outsider, payload(c.workspaceId)), 404, 'NOT_FOUND');
      expectApiError(await team.createTeamDecision(c.owner, payload(987_654)), 404, 'NOT_FOUND');
      const invalid = await team.createTeamDecision(c.owner, payload('abc'));
      expect(invalid.statusCode).toBe(400);
      expect(invalid.body).toContain('workspace_id');
    });
  });

  it('a workspace with more members than a decision may hold: 409, nothing changes', async () => {
    const big = await crew('Everyone');
    // Past what the workspaces module admits (LIMITS.workspace.maxMembers), straight in the database.
    const now = new Date().toISOString();
    const extra = await app.database.db
      .insertInto('users')
      .values(
        Array.from({ length: LIMITS.team.maxMembersPerDecision - 2 }, (_, index) => ({
          email: `crowd-${big.workspaceId}-${index}@example.com`,
          password_hash: 'not a password hash: these accounts never sign in',
          language: 'en',
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    await app.database.db
      .insertInto('workspace_members')
      .values(
        extra.map((user) => ({
          workspace_id: big.workspaceId,
          user_id: user.id,
          role: 'member',
          joined_at: now,
        })),
      )
      .execute();
    await expectNothingChanged(app, async () => {
      const refused = await team.createTeamDecision(big.owner, {
        name: 'Too many',
        options: ['A', 'B'],
        criteria: [{ name: 'Cost', importance: 50 }],
        workspace_id: big.workspaceId,
      });
      expectApiError(refused, 409, 'WORKSPACE_TOO_LARGE_FOR_DECISION', {
        params: { max: LIMITS.team.maxMembersPerDecision },
      });
    });
  });

  it('without workspace_id the decision is in no workspace, as before', async () => {
    const created = await createTeamDecision(app, c.member);
    expect(await membersOf(app, created.decision.id)).toEqual([]);
    expect((await detailsOf(app, c.member, created.decision.id)).workspace).toBeNull();
  });
});

describe('joining a workspace', () => {
  it('draft and open: admin or editor; closed and decided: viewer; owners and personal invitations kept', async () => {
    const c = await crew();
    const draft = await workspaceDecision(c.owner, c.workspaceId);
    const open = await workspaceDecision(c.owner, c.workspaceId);
    await team.activate(c.owner, open.decision.id);
    const closed = await workspaceDecision(c.owner, c.workspaceId);
    await closeByDeadline(closed.decision.id);
    const decided = await workspaceDecision(c.owner, c.workspaceId);
    await markDecided(decided.decision.id, decided.optionIds[0]!);
    // Owned by the newcomer-to-be's colleague; the newcomer was invited personally to one of them.
    const [newcomer, newAdmin] = [await createSignedInUser(app), await createSignedInUser(app)];
    await addMember(app, c.owner, open.decision.id, 'viewer', newcomer);

    await workspaces.join(c.workspaceId, newcomer, 'member');
    await workspaces.join(c.workspaceId, newAdmin, 'admin');

    const roleIn = async (decisionId: number, userId: number) =>
      (await membersOf(app, decisionId)).find((row) => row.user_id === userId);
    expect(await roleIn(draft.decision.id, newcomer.user.id)).toMatchObject({
      role: 'editor',
      via_workspace: 1,
    });
    expect(await roleIn(draft.decision.id, newAdmin.user.id)).toMatchObject({
      role: 'admin',
      via_workspace: 1,
    });
    // The personal invitation stays as it was (viewer, not through the workspace).
    expect(await roleIn(open.decision.id, newcomer.user.id)).toMatchObject({
      role: 'viewer',
      via_workspace: 0,
    });
    expect(await roleIn(open.decision.id, newAdmin.user.id)).toMatchObject({
      role: 'admin',
      via_workspace: 1,
    });
    for (const decision of [closed, decided]) {
      expect(await roleIn(decision.decision.id, newcomer.user.id)).toMatchObject({ role: 'viewer' });
      expect(await roleIn(decision.decision.id, newAdmin.user.id)).toMatchObject({ role: 'viewer' });
      expect((await detailsOf(app, newcomer, decision.decision.id)).userRole).toBe('viewer');
    }
    // The owner of a decision never gets a membership row of their own.
    expect((await membersOf(app, draft.decision.id)).map((row) => row.user_id)).not.toContain(
      c.owner.user.id,
    );
  });
});

describe('joining a workspace whose decision is full', () => {
  it('passes a decision at LIMITS.team.maxMembersPerDecision by and joins the others', async () => {
    const c = await crew();
    const full = await workspaceDecision(c.owner, c.workspaceId);
    const roomy = await workspaceDecision(c.owner, c.workspaceId);
    // The owner, the admin and the member hold 3 places: fill the rest with invited outsiders.
    await insertMembers(app, { decisionId: full.decision.id, count: LIMITS.team.maxMembersPerDecision - 3 });
    const newcomer = await createSignedInUser(app);

    await workspaces.join(c.workspaceId, newcomer, 'member');

    expect((await membersOf(app, full.decision.id)).some((row) => row.user_id === newcomer.user.id)).toBe(
      false,
    );
    expect((await team.details(newcomer, full.decision.id)).statusCode).toBe(404);
    expect((await detailsOf(app, newcomer, roomy.decision.id)).userRole).toBe('editor');
  });
});

describe('leaving a workspace', () => {
  it('open: the membership, votes and weights go and the result is worked out again', async () => {
    const c = await crew();
    const created = await votedDecision(c);
    const before = await detailsOf(app, c.owner, created.decision.id);
    expect(before.participation).toEqual({ voters: 3, complete: 3 });

    await workspaces.leave(c.workspaceId, c.member);

    expect((await membersOf(app, created.decision.id)).map((row) => row.user_id)).toEqual([c.admin.user.id]);
    const votes = await app.database.db
      .selectFrom('evaluations')
      .select('id')
      .where('decision_id', '=', created.decision.id)
      .where('user_id', '=', c.member.user.id)
      .execute();
    expect(votes).toEqual([]);
    const after = await detailsOf(app, c.owner, created.decision.id);
    expect(after.participation).toEqual({ voters: 2, complete: 2 });
    expect(after.weightsByUser[String(c.member.user.id)]).toBeUndefined();
    // Owner 8 and admin 6 remain: every cell's team value is their mean.
    expect(after.teamResults!.cells.every((cell) => cell.value === 7 && cell.votes === 2)).toBe(true);
    expect(resultOf(after)).not.toEqual(resultOf(before));
    expect((await team.details(c.member, created.decision.id)).statusCode).toBe(404);
  });

  for (const state of ['closed', 'decided'] as const) {
    it(`${state}: the votes stay and the result does not change; the one who left has no access`, async () => {
      const c = await crew();
      const created = await votedDecision(c);
      if (state === 'closed') await closeByDeadline(created.decision.id);
      else await markDecided(created.decision.id, created.optionIds[0]!);
      const before = await detailsOf(app, c.owner, created.decision.id);
      const analysisBefore = (await decisions.analysis(c.owner, created.decision.id)).json<unknown>();

      await workspaces.leave(c.workspaceId, c.member);

      const row = (await membersOf(app, created.decision.id)).find((r) => r.user_id === c.member.user.id);
      expect(row?.left_at).not.toBeNull();
      const after = await detailsOf(app, c.owner, created.decision.id);
      expect(resultOf(after)).toEqual(resultOf(before));
      expect((await decisions.analysis(c.owner, created.decision.id)).json<unknown>()).toEqual(
        analysisBefore,
      );
      // Still listed (their votes count), marked as left, never with an address.
      const listed = after.teamMembers.find((member) => member.user_id === c.member.user.id)!;
      expect(listed.left_at).toEqual(expect.any(String));
      expect(listed.email).toBeNull();
      expect(listed.has_voted).toBe(true);
      // No access: 404 exactly as for an outsider, on details, members and the list.
      for (const response of [
        await team.details(c.member, created.decision.id),
        await team.teamMembers(c.member, created.decision.id),
        await decisions.analysis(c.member, created.decision.id),
      ]) {
        expectApiError(response, 404, 'NOT_FOUND');
      }
      const list = (await decisions.list(c.member)).json<DecisionListItem[]>();
      expect(list.map((item) => item.id)).not.toContain(created.decision.id);
      // And nothing reaches them any more.
      const seen = (await notificationsOf(app, c.member)).length;
      const comment = await decisions.postComment(c.owner, {
        decision_id: created.decision.id,
        text: 'Done.',
      });
      expect(comment.statusCode).toBe(201);
      expect((await notificationsOf(app, c.admin)).some((n) => n.kind === 'comment')).toBe(true);
      expect(await notificationsOf(app, c.member)).toHaveLength(seen);

      // Coming back: access again, with the role and the votes as they were.
      await workspaces.join(c.workspaceId, c.member, 'member');
      const back = (await membersOf(app, created.decision.id)).find((r) => r.user_id === c.member.user.id);
      expect(back).toMatchObject({ role: 'editor', left_at: null });
      expect(resultOf(await detailsOf(app, c.owner, created.decision.id))).toEqual(resultOf(before));
    });
  }

  it('an invitation sent before they joined cannot give one who left a second membership (409)', async () => {
    const c = await crew();
    const created = await workspaceDecision(c.owner, c.workspaceId);
    const latecomer = await createSignedInUser(app);
    const invited = await team.invite(c.owner, {
      decision_id: created.decision.id,
      email: latecomer.email,
      role: 'editor',
    });
    expect(invited.statusCode).toBe(201);
    await workspaces.join(c.workspaceId, latecomer, 'member');
    await closeByDeadline(created.decision.id);
    await workspaces.leave(c.workspaceId, latecomer);
    await expectNothingChanged(app, async () => {
      const token = invited.json<{ invite_token: string }>().invite_token;
      expectApiError(await team.accept(latecomer, token), 409, 'ALREADY_MEMBER');
    });
    expect((await team.details(latecomer, created.decision.id)).statusCode).toBe(404);
  });

  it('a personal invitation of the same person stays untouched', async () => {
    const c = await crew();
    const mine = await createTeamDecision(app, c.admin);
    await addMember(app, c.admin, mine.decision.id, 'editor', c.member);
    const before = await membersOf(app, mine.decision.id);
    await workspaces.leave(c.workspaceId, c.member);
    expect(await membersOf(app, mine.decision.id)).toEqual(before);
  });
});

describe('workspace roles in its decisions', () => {
  it('a role change follows in draft and open decisions unless the decision owner pinned the role', async () => {
    const c = await crew();
    const followed = await workspaceDecision(c.owner, c.workspaceId);
    const pinned = await workspaceDecision(c.owner, c.workspaceId);
    const closed = await workspaceDecision(c.owner, c.workspaceId);
    await closeByDeadline(closed.decision.id);
    const viewer = await team.changeRole(c.owner, pinned.decision.id, c.member.user.id, 'viewer');
    expect(viewer.statusCode).toBe(200);

    await workspaces.changeRole(c.workspaceId, c.member, 'admin');

    const roleIn = async (decisionId: number) =>
      (await membersOf(app, decisionId)).find((row) => row.user_id === c.member.user.id);
    expect(await roleIn(followed.decision.id)).toMatchObject({ role: 'admin', role_pinned: 0 });
    expect(await roleIn(pinned.decision.id)).toMatchObject({ role: 'viewer', role_pinned: 1 });
    expect(await roleIn(closed.decision.id)).toMatchObject({ role: 'editor' });
  });

  it('removing a workspace member from the decision is refused (409, naming the workspace); nothing changes', async () => {
    const c = await crew('Growth team');
    const created = await workspaceDecision(c.owner, c.workspaceId);
    await expectNothingChanged(app, async () => {
      expectApiError(
        await team.removeMember(c.owner, created.decision.id, c.member.user.id),
        409,
        'MEMBER_VIA_WORKSPACE',
        {
          params: { workspace: 'Growth team' },
        },
      );
      const german = await app.inject({
        method: 'DELETE',
        url: `/api/team/${created.decision.id}/members/${c.member.user.id}`,
        headers: { ...c.owner.headers, 'accept-language': 'de' },
      });
      expectApiError(german, 409, 'MEMBER_VIA_WORKSPACE', {
        language: 'de',
        params: { workspace: 'Growth team' },
      });
    });
    // An outsider invited by e-mail can still be removed as before.
    const guest = await addMember(app, c.owner, created.decision.id, 'editor');
    expect((await team.removeMember(c.owner, created.decision.id, guest.user.id)).statusCode).toBe(200);
  });

  it('deleting the workspace leaves its decisions with their owners and members, in no workspace', async () => {
    const c = await crew();
    const created = await votedDecision(c);
    const closed = await votedDecision(c);
    await closeByDeadline(closed.decision.id);
    await workspaces.leave(c.workspaceId, c.member);

    await workspaces.deleteWorkspace(c.workspaceId);

    const decision = await app.database.db
      .selectFrom('decisions')
      .select(['workspace_id', 'user_id'])
      .where('id', '=', created.decision.id)
      .executeTakeFirstOrThrow();
    expect(decision).toEqual({ workspace_id: null, user_id: c.owner.user.id });
    expect(await membersOf(app, created.decision.id)).toEqual([
      { user_id: c.admin.user.id, role: 'admin', via_workspace: 0, role_pinned: 0, left_at: null },
    ]);
    // The one who left the closed decision stays left.
    const left = (await membersOf(app, closed.decision.id)).find((row) => row.user_id === c.member.user.id);
    expect(left).toMatchObject({ via_workspace: 0, left_at: expect.anything() });
    expect((await detailsOf(app, c.admin, created.decision.id)).workspace).toBeNull();
    // An ordinary member now: removable as any.
    expect((await team.removeMember(c.owner, created.decision.id, c.admin.user.id)).statusCode).toBe(200);
  });
});

describe('addresses in a workspace decision', () => {
  it('only the decision owner and its admins see members’ and invited addresses', async () => {
    const c = await crew();
    const created = await workspaceDecision(c.owner, c.workspaceId);
    await team.invite(c.owner, {
      decision_id: created.decision.id,
      email: 'guest@example.com',
      role: 'editor',
    });
    const viewer = await createSignedInUser(app);
    await workspaces.join(c.workspaceId, viewer, 'member');
    await team.changeRole(c.owner, created.decision.id, viewer.user.id, 'viewer');

    for (const reader of [c.owner, c.admin]) {
      const details = await detailsOf(app, reader, created.decision.id);
      expect(details.teamMembers.map((row) => row.email)).toEqual([
        c.owner.email,
        c.admin.email,
        c.member.email,
        viewer.email,
        'guest@example.com',
      ]);
    }
    for (const reader of [c.member, viewer]) {
      const details = await detailsOf(app, reader, created.decision.id);
      expect(details.teamMembers.map((row) => row.email)).toEqual([null, null, null, null, null]);
      expect(
        details.teamMembers.every((row) => row.display_name === null || !row.display_name.includes('@')),
      ).toBe(true);
      const members = (await team.teamMembers(reader, created.decision.id)).json<
        { email: string | null }[]
      >();
      expect(members.map((row) => row.email)).toEqual([null, null, null, null, null]);
      expect(JSON.stringify(details)).not.toContain('@example.com');
    }
  });

  it('a decision in no workspace shows addresses to its members as before', async () => {
    const owner = await createSignedInUser(app);
    const created = await createTeamDecision(app, owner);
    const editor = await addMember(app, owner, created.decision.id, 'editor');
    const details = await detailsOf(app, editor, created.decision.id);
    expect(details.teamMembers.map((row) => row.email)).toEqual([owner.email, editor.email]);
  });
});

describe('GET /api/decision: the workspace on each card and the filter', () => {
  it('carries workspace {id, name} or null, filters by workspace_id and none, and pages with the filter', async () => {
    const c = await crew('Sales');
    const other = await workspaces.createWorkspace(c.outsider, 'Elsewhere');
    const inWorkspace = [
      await workspaceDecision(c.owner, c.workspaceId),
      await workspaceDecision(c.admin, c.workspaceId),
      await workspaceDecision(c.owner, c.workspaceId),
    ];
    const personal = await createTeamDecision(app, c.member);

    const all = (await decisions.list(c.member)).json<DecisionListItem[]>();
    expect(all.map((item) => [item.id, item.workspace])).toEqual([
      [personal.decision.id, null],
      ...inWorkspace.reverse().map((d) => [d.decision.id, { id: c.workspaceId, name: 'Sales' }]),
    ]);

    const filtered = await app.inject({
      method: 'GET',
      url: `/api/decision?workspace_id=${c.workspaceId}&limit=2`,
      headers: c.member.headers,
    });
    expect(filtered.statusCode).toBe(200);
    expect(filtered.headers['x-total-count']).toBe('3');
    const firstPage = filtered.json<DecisionListItem[]>();
    expect(firstPage.map((item) => item.id)).toEqual(inWorkspace.slice(0, 2).map((d) => d.decision.id));
    const next = /<([^>]+)>; rel="next"/.exec(String(filtered.headers.link))![1]!;
    expect(next).toContain(`workspace_id=${c.workspaceId}`);
    const second = await app.inject({ method: 'GET', url: next, headers: c.member.headers });
    expect(second.json<DecisionListItem[]>().map((item) => item.id)).toEqual([inWorkspace[2]!.decision.id]);

    const none = await app.inject({
      method: 'GET',
      url: '/api/decision?workspace_id=none',
      headers: c.member.headers,
    });
    expect(none.json<DecisionListItem[]>().map((item) => item.id)).toEqual([personal.decision.id]);

    // A workspace the caller does not belong to, or none at all: 404, as for an unknown id.
    for (const workspaceId of [other, 987_654]) {
      const refused = await app.inject({
        method: 'GET',
        url: `/api/decision?workspace_id=${workspaceId}`,
        headers: c.member.headers,
      });
      expectApiError(refused, 404, 'NOT_FOUND');
    }
    const invalid = await app.inject({
      method: 'GET',
      url: '/api/decision?workspace_id=x',
      headers: c.member.headers,
    });
    expect(invalid.statusCode).toBe(400);

    // A member who left the workspace loses the filter at once (the list cache does not answer it).
    await workspaces.leave(c.workspaceId, c.member);
    const afterLeaving = await app.inject({
      method: 'GET',
      url: `/api/decision?workspace_id=${c.workspaceId}`,
      headers: c.member.headers,
    });
    expectApiError(afterLeaving, 404, 'NOT_FOUND');
    // The cached first page (read above) is dropped too: only the member's own decision is left.
    const listAfter = (await decisions.list(c.member)).json<DecisionListItem[]>();
    expect(listAfter.map((item) => item.id)).toEqual([personal.decision.id]);
  });
});
