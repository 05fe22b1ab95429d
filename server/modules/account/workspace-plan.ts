import type { Kysely, Transaction } from 'kysely';
import type { Database, WorkspaceRole } from '../../db/schema.ts';
import type { DomainEvent } from '../../events/domain-events.ts';
import type { WorkspaceDecisionSync } from '../workspaces/index.ts';
import type { WorkspaceMembershipRepo } from '../workspaces/index.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** A workspace the account belongs to, with its role there. */
export interface WorkspaceMembershipOfAccount {
  workspace_id: number;
  name: string;
  role: WorkspaceRole;
}

/** Who takes over an owned workspace: the longest-standing admin, else the longest-standing member. */
export interface WorkspaceHeir {
  user_id: number;
  role: Exclude<WorkspaceRole, 'owner'>;
  email: string;
  nickname: string | null;
  first_name: string | null;
  last_name: string | null;
}

/** What deleting the account does to its workspaces (issue 29), worked out before it is done. */
export interface WorkspacePlan {
  transfers: { workspace: WorkspaceMembershipOfAccount; heir: WorkspaceHeir }[];
  /** Owned workspaces without any other member: deleted, their decisions detached. */
  deleted: WorkspaceMembershipOfAccount[];
  /** Workspaces of others: the membership ends as if the user left. */
  left: WorkspaceMembershipOfAccount[];
}

/**
 * Account deletion's reads and writes of workspaces (issue 29). The decisions' side of every change
 * goes through the team module's WorkspaceDecisionSync, as the workspaces module's own changes do.
 */
export function createAccountWorkspaces(db: Kysely<Database>) {
  return {
    listMemberships(userId: number, executor: Executor = db): Promise<WorkspaceMembershipOfAccount[]> {
      return executor
        .selectFrom('workspace_members')
        .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
        .select(['workspace_members.workspace_id', 'workspaces.name', 'workspace_members.role'])
        .where('workspace_members.user_id', '=', userId)
        .orderBy('workspace_members.workspace_id')
        .execute();
    },

    /** The account's memberships as the data export lists them. */
    listMembershipsForExport(userId: number) {
      return db
        .selectFrom('workspace_members')
        .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
        .select([
          'workspaces.id',
          'workspaces.name',
          'workspace_members.role',
          'workspace_members.joined_at',
          'workspaces.created_at',
        ])
        .where('workspace_members.user_id', '=', userId)
        .orderBy('workspaces.id')
        .execute();
    },

    /** Other members of these workspaces with live accounts, longest-standing first. */
    listHeirCandidates(workspaceIds: readonly number[], userId: number, executor: Executor = db) {
      if (!workspaceIds.length) return Promise.resolve([]);
      return executor
        .selectFrom('workspace_members')
        .innerJoin('users', 'users.id', 'workspace_members.user_id')
        .select([
          'workspace_members.workspace_id',
          'workspace_members.user_id',
          'workspace_members.role',
          'users.email',
          'users.nickname',
          'users.first_name',
          'users.last_name',
        ])
        .where('workspace_members.workspace_id', 'in', workspaceIds)
        .where('workspace_members.user_id', '<>', userId)
        .where('users.deleted_at', 'is', null)
        .orderBy('workspace_members.joined_at')
        .orderBy('workspace_members.user_id')
        .execute();
    },

    async makeOwner(workspaceId: number, heirId: number, now: string, trx: Transaction<Database>) {
      await trx
        .updateTable('workspaces')
        .set({ owner_id: heirId, updated_at: now })
        .where('id', '=', workspaceId)
        .execute();
      await trx
        .updateTable('workspace_members')
        .set({ role: 'owner' })
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', heirId)
        .execute();
    },

    async removeMembership(workspaceId: number, userId: number, trx: Transaction<Database>) {
      await trx
        .deleteFrom('workspace_members')
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', userId)
        .execute();
    },

    /** Members, invitations and criteria sets go with it (ON DELETE CASCADE). */
    async deleteWorkspace(workspaceId: number, trx: Transaction<Database>) {
      await trx.deleteFrom('workspaces').where('id', '=', workspaceId).execute();
    },

    /** Pending invitations to the account's address: nobody can accept them any more. */
    async deleteInvitationsTo(email: string, trx: Transaction<Database>) {
      await trx
        .deleteFrom('workspace_invitations')
        .where('email', '=', email)
        .where('accepted_at', 'is', null)
        .execute();
    },
  };
}

export type AccountWorkspaces = ReturnType<typeof createAccountWorkspaces>;

export async function loadWorkspacePlan(
  repo: AccountWorkspaces,
  userId: number,
  executor?: Executor,
): Promise<WorkspacePlan> {
  const memberships = await repo.listMemberships(userId, executor);
  const owned = memberships.filter((membership) => membership.role === 'owner');
  const candidates = await repo.listHeirCandidates(
    owned.map((workspace) => workspace.workspace_id),
    userId,
    executor,
  );
  const plan: WorkspacePlan = { transfers: [], deleted: [], left: [] };
  for (const workspace of owned) {
    const others = candidates.filter((candidate) => candidate.workspace_id === workspace.workspace_id);
    const heir = others.find((candidate) => candidate.role === 'admin') ?? others[0];
    if (heir)
      plan.transfers.push({ workspace, heir: { ...heir, role: heir.role === 'admin' ? 'admin' : 'member' } });
    else plan.deleted.push(workspace);
  }
  plan.left = memberships.filter((membership) => membership.role !== 'owner');
  return plan;
}

/** Every workspace the deletion writes, in id order (locked before any decision). */
export function workspaceIdsOf(plan: WorkspacePlan): number[] {
  return [
    ...plan.transfers.map((transfer) => transfer.workspace.workspace_id),
    ...plan.deleted.map((workspace) => workspace.workspace_id),
    ...plan.left.map((workspace) => workspace.workspace_id),
  ].sort((a, b) => a - b);
}

/**
 * Inside the deletion's transaction, with the workspaces and their decisions locked: owned workspaces
 * pass to their heir (who becomes owner) or go; memberships of other workspaces end. Returns the events.
 */
export async function eraseWorkspaces(
  deps: { workspaces: AccountWorkspaces; sync: WorkspaceDecisionSync },
  plan: WorkspacePlan,
  userId: number,
  now: string,
  trx: Transaction<Database>,
): Promise<DomainEvent[]> {
  const { workspaces, sync } = deps;
  const events: DomainEvent[] = [];
  for (const { workspace, heir } of plan.transfers) {
    await workspaces.makeOwner(workspace.workspace_id, heir.user_id, now, trx);
    events.push(...(await sync.roleChanged(workspace.workspace_id, heir.user_id, 'owner', trx)));
    events.push(...(await sync.memberLeft(workspace.workspace_id, userId, trx)));
    await workspaces.removeMembership(workspace.workspace_id, userId, trx);
    events.push({
      type: 'workspace.ownershipReceived',
      workspace: { id: workspace.workspace_id, name: workspace.name },
      heirId: heir.user_id,
    });
  }
  for (const workspace of plan.deleted) {
    events.push(...(await sync.workspaceDeleted(workspace.workspace_id, trx)));
    await workspaces.deleteWorkspace(workspace.workspace_id, trx);
  }
  for (const workspace of plan.left) {
    events.push(...(await sync.memberLeft(workspace.workspace_id, userId, trx)));
    await workspaces.removeMembership(workspace.workspace_id, userId, trx);
  }
  return events;
}

/** The workspaces' decisions, so the deletion locks them with its own, in one ascending order. */
export async function workspaceDecisionIdsOf(
  memberships: Pick<WorkspaceMembershipRepo, 'lockWorkspace'>,
  listIdsOfWorkspace: (workspaceId: number, trx: Transaction<Database>) => Promise<number[]>,
  workspaceIds: readonly number[],
  trx: Transaction<Database>,
): Promise<number[]> {
  const ids: number[] = [];
  for (const workspaceId of workspaceIds) {
    await memberships.lockWorkspace(workspaceId, trx);
    ids.push(...(await listIdsOfWorkspace(workspaceId, trx)));
  }
  return ids;
}
