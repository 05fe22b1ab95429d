import type { Transaction } from 'kysely';
import { AppError } from '../../app-error.ts';
import type { Database } from '../../db/schema.ts';
import type { DomainEvent, Emit } from '../../events/domain-events.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { UserRow } from '../users/index.ts';
import type { WorkspaceDecisionSync } from './decision-sync.ts';
import type { WorkspaceMembership, WorkspaceMembershipRepo } from './membership-repo.ts';
import { authorizeWorkspace, type WorkspaceAction } from './policy.ts';
import type { WorkspacesRepo } from './repo.ts';

export interface WorkspacesServiceDeps {
  workspaces: WorkspacesRepo;
  memberships: WorkspaceMembershipRepo;
  /** What membership changes do to the workspace's decisions (the team module implements it). */
  sync: WorkspaceDecisionSync;
  users: {
    findById(id: number): Promise<UserRow | undefined>;
    findByEmail(email: string): Promise<UserRow | undefined>;
  };
  /** Decision invitation mails the inviter sent since `since`: the daily cap counts both kinds. */
  countDecisionInvitationMailsSince(inviterId: number, since: string): Promise<number>;
  emit: Emit;
  mailer: Mailer;
  appUrl: string;
}

export interface LockedWorkspace {
  workspace: { id: number; name: string; owner_id: number };
  /** The caller's membership as it stands under the lock. */
  membership: WorkspaceMembership;
  trx: Transaction<Database>;
  /** Events to emit once the transaction committed (the decision sync's among them). */
  events: DomainEvent[];
}

/** Runs a write of one workspace: the transaction, the workspace's lock, the caller's right, then the events. */
export function createWorkspaceWrites(deps: WorkspacesServiceDeps) {
  const { workspaces, memberships, emit } = deps;

  /** The members now, and whoever else must drop or reload the workspace (a removed member). */
  async function changedEvent(
    workspaceId: number,
    trx: Transaction<Database>,
    alsoTell: number[],
  ): Promise<DomainEvent> {
    const audience = [...(await workspaces.memberIds(workspaceId, trx)), ...alsoTell];
    return { type: 'workspace.changed', workspaceId, audience };
  }

  return {
    changedEvent,

    /**
     * Locks the workspace, checks the caller's right under the lock (404 for non-members and unknown
     * ids, 403 for a role without it) and runs `work`. Unless `announce` is false, the members' open
     * pages reload afterwards (plus `alsoTell` of the result, e.g. who just left).
     */
    async locked<T>(
      workspaceId: number,
      userId: number,
      action: WorkspaceAction,
      work: (locked: LockedWorkspace) => Promise<T>,
      options: { announce?: boolean; alsoTell?: (result: T) => number[] } = {},
    ): Promise<T> {
      const { result, events } = await workspaces.transaction(async (trx) => {
        const workspace = await memberships.lockWorkspace(workspaceId, trx);
        if (!workspace) throw new AppError('NOT_FOUND');
        const membership = authorizeWorkspace(
          await memberships.membershipOf(workspaceId, userId, trx),
          action,
        );
        const locked: LockedWorkspace = { workspace, membership, trx, events: [] };
        const value = await work(locked);
        if (options.announce !== false) {
          const extra = options.alsoTell?.(value) ?? [];
          locked.events.push(await changedEvent(workspaceId, trx, extra));
        }
        return { result: value, events: locked.events };
      });
      for (const event of events) await emit(event);
      return result;
    },

    /** A read: the caller's membership (404 / 403 as for writes) and the workspace row. */
    async read(workspaceId: number, userId: number, action: WorkspaceAction) {
      const membership = authorizeWorkspace(await memberships.membershipOf(workspaceId, userId), action);
      const workspace = await memberships.findWorkspace(workspaceId);
      if (!workspace) throw new AppError('NOT_FOUND');
      return { workspace, membership };
    },
  };
}

export type WorkspaceWrites = ReturnType<typeof createWorkspaceWrites>;
