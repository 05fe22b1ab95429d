import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DomainEvent } from '../../events/domain-events.ts';
import type {
  WorkspaceDecisionSync,
  WorkspaceErasureRepo,
  WorkspaceHeir,
  WorkspaceMembershipOfAccount,
  WorkspaceMembershipRepo,
} from '../workspaces/index.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** What deleting the account does to its workspaces (issue 29), worked out before it is done. */
export interface WorkspacePlan {
  transfers: { workspace: WorkspaceMembershipOfAccount; heir: WorkspaceHeir }[];
  /** Owned workspaces without any other member: deleted, their decisions detached. */
  deleted: WorkspaceMembershipOfAccount[];
  /** Workspaces of others: the membership ends as if the user left. */
  left: WorkspaceMembershipOfAccount[];
}

export async function loadWorkspacePlan(
  repo: WorkspaceErasureRepo,
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
  deps: { workspaces: WorkspaceErasureRepo; sync: WorkspaceDecisionSync },
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
