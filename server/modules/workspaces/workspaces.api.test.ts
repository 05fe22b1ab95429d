import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/limits.ts';
import type { AppEvent } from '../../realtime/event-bus.ts';
import { expectApiError } from '../../test/api-errors.ts';
import { expectNothingChanged } from '../../test/db-snapshot.ts';
import { createDecision } from '../../test/decision-factories.ts';
import { createSignedInUser, type SignedInUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import {
  insertWorkspace,
  insertWorkspaceInvitation,
  workspaceApi,
  workspaceRoles,
} from '../../test/workspace-factories.ts';

// Issue 29: workspaces, their members and roles, the owned limit, the hand-over, hidden addresses,
// criteria sets and the live `workspace-changed` event.

const { app } = useTestApp({ authRateLimitPerMinute: 100_000 });
const api = workspaceApi(() => app);
const MAX_OWNED = LIMITS.workspace.maxOwnedPerUser;

let owner: SignedInUser;
let admin: SignedInUser;
let member: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  [owner, admin, member, other] = (await Promise.all(
    Array.from({ length: 4 }, () => createSignedInUser(app)),
  )) as [SignedInUser, SignedInUser, SignedInUser, SignedInUser];
});

/** A workspace of `owner` with `admin` as admin and `member` (and `other`, if asked) as members. */
function teamWorkspace(name = 'Marketing', withOther = false) {
  return insertWorkspace(app, {
    ownerId: owner.user.id,
    name,
    members: [
      { userId: admin.user.id, role: 'admin' },
      { userId: member.user.id, role: 'member' },
      ...(withOther ? [{ userId: other.user.id, role: 'member' as const }] : []),
    ],
  });
}

async function ownedCount(userId: number): Promise<number> {
  const rows = await app.database.db
    .selectFrom('workspaces')
    .select('id')
    .where('owner_id', '=', userId)
    .execute();
  return rows.length;
}

describe('creating and listing', () => {
  it('creates a workspace whose creator is its owner and only member', async () => {
    const user = await createSignedInUser(app);
    const created = await api.create(user, { name: '  Product  ' });
    expect(created.statusCode).toBe(201);
    const body = created.json<{ id: number; name: string; role: string }>();
    expect(body).toEqual({ id: expect.any(Number), name: 'Product', role: 'owner' });
    const details = (await api.details(user, body.id)).json<{ member_count: number; members: unknown[] }>();
    expect(details.member_count).toBe(1);
    expect(details.members).toEqual([expect.objectContaining({ user_id: user.user.id, role: 'owner' })]);
  });

  it('refuses an empty or too long name with 400 naming the field, creating nothing', async () => {
    for (const name of ['', '   ', 'x'.repeat(LIMITS.workspace.nameMax + 1)]) {
      const response = await expectNothingChanged(app, () => api.create(owner, { name }));
      expectApiError(response, 400, 'VALIDATION_FAILED', { fields: ['name'] });
    }
  });

  it('lists the caller’s workspaces by name with role and member count (the owner counted)', async () => {
    const user = await createSignedInUser(app);
    const zeta = await insertWorkspace(app, {
      ownerId: owner.user.id,
      name: 'Zeta',
      members: [{ userId: user.user.id, role: 'admin' }],
    });
    const alpha = await insertWorkspace(app, {
      ownerId: user.user.id,
      name: 'Alpha',
      members: [
        { userId: admin.user.id, role: 'member' },
        { userId: member.user.id, role: 'member' },
      ],
    });
    await insertWorkspace(app, { ownerId: owner.user.id, name: 'Not mine' });
    const list = await api.list(user);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      { id: alpha.id, name: 'Alpha', role: 'owner', member_count: 3 },
      { id: zeta.id, name: 'Zeta', role: 'admin', member_count: 2 },
    ]);
  });

  it(`allows ${MAX_OWNED} owned workspaces; the next answers 409 TOO_MANY_WORKSPACES and changes nothing`, async () => {
    const user = await createSignedInUser(app);
    for (let i = 1; i < MAX_OWNED; i++) await insertWorkspace(app, { ownerId: user.user.id, name: `W${i}` });
    expect((await api.create(user, { name: 'Last one' })).statusCode).toBe(201);
    const refused = await expectNothingChanged(app, () => api.create(user, { name: 'One too many' }));
    expectApiError(refused, 409, 'TOO_MANY_WORKSPACES', { params: { max: MAX_OWNED } });
    // Being a member of others' workspaces does not count.
    await teamWorkspace('Elsewhere');
    expect(await ownedCount(user.user.id)).toBe(MAX_OWNED);
  });

  it('parallel creations cannot pass the limit: with one place left exactly one succeeds', async () => {
    const user = await createSignedInUser(app);
    for (let i = 1; i < MAX_OWNED; i++) await insertWorkspace(app, { ownerId: user.user.id, name: `W${i}` });
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) => api.create(user, { name: `Race ${i}` })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await ownedCount(user.user.id)).toBe(MAX_OWNED);
  });
});

describe('who sees what', () => {
  it('members see names and avatars but never addresses or invitations; owner and admins see both', async () => {
    const workspace = await teamWorkspace();
    const invitation = await insertWorkspaceInvitation(app, {
      workspaceId: workspace.id,
      inviterId: owner.user.id,
    });
    const asMember = await api.details(member, workspace.id);
    expect(asMember.statusCode).toBe(200);
    const memberView = asMember.json<Record<string, unknown> & { members: Record<string, unknown>[] }>();
    expect(memberView).not.toHaveProperty('invitations');
    expect(memberView.member_count).toBe(3);
    for (const person of memberView.members) {
      expect(Object.keys(person).sort()).toEqual([
        'avatar_url',
        'display_name',
        'joined_at',
        'role',
        'user_id',
      ]);
    }
    for (const address of [owner.email, admin.email, member.email, invitation.email])
      expect(asMember.body).not.toContain(address);

    for (const manager of [owner, admin]) {
      const view = (await api.details(manager, workspace.id)).json<{
        members: { user_id: number; email: string; display_name: string }[];
        invitations: { id: number; email: string; role: string }[];
      }>();
      // Same joining moment in the fixture: compare as sets.
      expect(view.members.map((person) => person.email).sort()).toEqual(
        [owner.email, admin.email, member.email].sort(),
      );
      const ownerRow = view.members.find((person) => person.user_id === owner.user.id);
      expect(ownerRow?.display_name).toBe(owner.email.split('@')[0]);
      expect(view.invitations).toEqual([
        expect.objectContaining({ id: invitation.id, email: invitation.email, role: 'member' }),
      ]);
    }
  });
});

describe('roles, removal, leaving and the hand-over', () => {
  it('owner and admins change roles; nobody demotes the owner (409, nothing changed)', async () => {
    const workspace = await teamWorkspace();
    expect((await api.changeRole(admin, workspace.id, member.user.id, 'admin')).statusCode).toBe(200);
    expect((await workspaceRoles(app, workspace.id))[member.user.id]).toBe('admin');
    expect((await api.changeRole(owner, workspace.id, member.user.id, 'member')).statusCode).toBe(200);
    for (const caller of [owner, admin]) {
      const refused = await expectNothingChanged(app, () =>
        api.changeRole(caller, workspace.id, owner.user.id, 'member'),
      );
      expectApiError(refused, 409, 'WORKSPACE_OWNER_FIXED');
    }
    const badRole = await expectNothingChanged(app, () =>
      api.changeRole(owner, workspace.id, member.user.id, 'owner'),
    );
    expectApiError(badRole, 400, 'VALIDATION_FAILED', { fields: ['role'] });
  });

  it('admins remove members and admins, never the owner; the owner cannot leave before a hand-over', async () => {
    const workspace = await teamWorkspace('Removals', true);
    const secondAdmin = await createSignedInUser(app);
    await app.database.db
      .insertInto('workspace_members')
      .values({
        workspace_id: workspace.id,
        user_id: secondAdmin.user.id,
        role: 'admin',
        joined_at: new Date().toISOString(),
      })
      .execute();
    expect((await api.removeMember(admin, workspace.id, member.user.id)).statusCode).toBe(204);
    expect((await api.removeMember(admin, workspace.id, secondAdmin.user.id)).statusCode).toBe(204);
    expectApiError(
      await expectNothingChanged(app, () => api.removeMember(admin, workspace.id, owner.user.id)),
      409,
      'WORKSPACE_OWNER_FIXED',
    );
    expectApiError(
      await expectNothingChanged(app, () => api.removeMember(owner, workspace.id, owner.user.id)),
      409,
      'OWNER_MUST_TRANSFER',
    );
    // A member leaves by removing themself.
    expect((await api.removeMember(other, workspace.id, other.user.id)).statusCode).toBe(204);
    expect(await workspaceRoles(app, workspace.id)).toEqual({
      [owner.user.id]: 'owner',
      [admin.user.id]: 'admin',
    });
    expect((await api.details(member, workspace.id)).statusCode).toBe(404);
  });

  it('hands over only to an admin: the admin becomes owner, the old owner admin, who may then leave', async () => {
    const workspace = await teamWorkspace();
    const outsider = await createSignedInUser(app);
    for (const target of [member, outsider, owner]) {
      const refused = await expectNothingChanged(app, () =>
        api.transfer(owner, workspace.id, target.user.id),
      );
      expectApiError(refused, 409, 'TRANSFER_NEEDS_ADMIN');
    }
    const transferred = await api.transfer(owner, workspace.id, admin.user.id);
    expect(transferred.statusCode).toBe(200);
    expect(transferred.json()).toMatchObject({ role: 'admin' });
    expect(await workspaceRoles(app, workspace.id)).toEqual({
      [owner.user.id]: 'admin',
      [admin.user.id]: 'owner',
      [member.user.id]: 'member',
    });
    const row = await app.database.db
      .selectFrom('workspaces')
      .select('owner_id')
      .where('id', '=', workspace.id)
      .executeTakeFirstOrThrow();
    expect(row.owner_id).toBe(admin.user.id);
    // The new owner is protected, the old one may go.
    expectApiError(
      await api.changeRole(owner, workspace.id, admin.user.id, 'member'),
      409,
      'WORKSPACE_OWNER_FIXED',
    );
    expect((await api.removeMember(owner, workspace.id, owner.user.id)).statusCode).toBe(204);
  });

  it(`a hand-over counts toward the new owner's ${MAX_OWNED} owned workspaces`, async () => {
    const busy = await createSignedInUser(app);
    for (let i = 0; i < MAX_OWNED; i++) await insertWorkspace(app, { ownerId: busy.user.id, name: `B${i}` });
    const workspace = await insertWorkspace(app, {
      ownerId: owner.user.id,
      members: [{ userId: busy.user.id, role: 'admin' }],
    });
    const refused = await expectNothingChanged(app, () => api.transfer(owner, workspace.id, busy.user.id));
    expectApiError(refused, 409, 'TRANSFER_TARGET_OWNS_TOO_MANY', { params: { max: MAX_OWNED } });
  });
});

describe('renaming and deleting', () => {
  it('renames (owner or admin) and deletes (owner): its decisions stay with their owners, detached', async () => {
    const workspace = await teamWorkspace();
    const renamed = await api.rename(admin, workspace.id, { name: 'Sales' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: workspace.id, name: 'Sales' });
    const { decision } = await createDecision(app, owner, { name: 'Vendor' });
    await app.database.db
      .updateTable('decisions')
      .set({ workspace_id: workspace.id })
      .where('id', '=', decision.id)
      .execute();

    expect((await api.remove(owner, workspace.id)).statusCode).toBe(204);
    const kept = await app.database.db
      .selectFrom('decisions')
      .select(['user_id', 'workspace_id'])
      .where('id', '=', decision.id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ user_id: owner.user.id, workspace_id: null });
    expect((await api.details(owner, workspace.id)).statusCode).toBe(404);
    expect(await workspaceRoles(app, workspace.id)).toEqual({});
  });
});

describe('criteria sets', () => {
  const VALID = {
    name: 'Vendor basics',
    criteria: [
      { name: 'Cost', importance: 60, minimum: 3, anchors: { low: '> 2,000 €', high: '< 800 €' } },
      { name: 'Support', importance: 40 },
    ],
  };

  it('owner and admins create, update and delete; every member lists them with defaults filled in', async () => {
    const workspace = await teamWorkspace();
    const created = await api.createCriteriaSet(admin, workspace.id, VALID);
    expect(created.statusCode).toBe(201);
    const set = created.json<{ id: number }>();
    expect(created.json()).toMatchObject({
      name: 'Vendor basics',
      criteria: [
        { name: 'Cost', importance: 60, minimum: 3, anchors: { low: '> 2,000 €', high: '< 800 €' } },
        { name: 'Support', importance: 40, minimum: null, anchors: null },
      ],
    });
    const updated = await api.updateCriteriaSet(owner, workspace.id, set.id, {
      name: 'Renamed',
      criteria: [{ name: 'Only' }],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      id: set.id,
      name: 'Renamed',
      criteria: [{ name: 'Only', importance: 0 }],
    });
    const listed = await api.criteriaSets(member, workspace.id);
    expect(listed.json()).toEqual([expect.objectContaining({ id: set.id, name: 'Renamed' })]);
    expect((await api.deleteCriteriaSet(admin, workspace.id, set.id)).statusCode).toBe(204);
    expect((await api.criteriaSets(member, workspace.id)).json()).toEqual([]);
  });

  it.each([
    ['no name', { ...VALID, name: '' }, 'name'],
    ['no criteria', { ...VALID, criteria: [] }, 'criteria'],
    [
      'an importance out of range',
      { ...VALID, criteria: [{ name: 'Cost', importance: 101 }] },
      'criteria.0.importance',
    ],
    ['a criterion without a name', { ...VALID, criteria: [{ name: ' ', importance: 5 }] }, 'criteria.0.name'],
    [
      'a minimum out of the scale',
      { ...VALID, criteria: [{ name: 'Cost', minimum: 11 }] },
      'criteria.0.minimum',
    ],
  ])('refuses %s with 400 naming the field, changing nothing', async (_case, body, field) => {
    const workspace = await teamWorkspace();
    const response = await expectNothingChanged(app, () => api.createCriteriaSet(owner, workspace.id, body));
    expectApiError(response, 400, 'VALIDATION_FAILED', { fields: [field] });
  });

  it(`keeps at most ${LIMITS.workspace.criteriaSetsPerWorkspace} sets: the next answers 409`, async () => {
    const workspace = await teamWorkspace();
    const now = new Date().toISOString();
    await app.database.db
      .insertInto('workspace_criteria_sets')
      .values(
        Array.from({ length: LIMITS.workspace.criteriaSetsPerWorkspace }, (_, i) => ({
          workspace_id: workspace.id,
          name: `Set ${i}`,
          criteria: '[]',
          created_by: owner.user.id,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const refused = await expectNothingChanged(app, () => api.createCriteriaSet(owner, workspace.id, VALID));
    expectApiError(refused, 409, 'TOO_MANY_CRITERIA_SETS', {
      params: { max: LIMITS.workspace.criteriaSetsPerWorkspace },
    });
  });
});

describe('live: workspace-changed', () => {
  /** Collects the workspace-changed events each user's streams would receive. */
  function listen(users: SignedInUser[]) {
    const received = new Map<number, AppEvent[]>(users.map((user) => [user.user.id, []]));
    const stops = users.map((user) =>
      app.eventBus.subscribe(user.user.id, (event) => {
        if (event.type === 'workspace-changed') received.get(user.user.id)!.push(event);
      }),
    );
    return { received, stop: () => stops.forEach((stop) => stop()) };
  }

  it('reaches every member on a change, and the removed member too; outsiders hear nothing', async () => {
    const workspace = await teamWorkspace('Live', true);
    const outsider = await createSignedInUser(app);
    const { received, stop } = listen([owner, admin, member, other, outsider]);
    try {
      expect((await api.rename(owner, workspace.id, { name: 'Live 2' })).statusCode).toBe(200);
      expect((await api.removeMember(admin, workspace.id, other.user.id)).statusCode).toBe(204);
      // The event bus may deliver asynchronously (PostgreSQL NOTIFY): wait for the counts, not a time.
      await expect
        .poll(() => [owner, admin, member, other, outsider].map((user) => received.get(user.user.id)!.length))
        .toEqual([2, 2, 2, 2, 0]);
      for (const events of received.values())
        for (const event of events) expect(event.data).toEqual({ workspace_id: workspace.id });
    } finally {
      stop();
    }
  });
});
