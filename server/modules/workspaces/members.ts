import { LIMITS } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import type { WorkspaceRole } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';
import type { UserRow } from '../users/index.ts';
import type { WorkspaceWrites, WorkspacesServiceDeps } from './write-context.ts';

/**
 * Roles, removals, leaving and the hand-over. Nobody removes or demotes the owner (409
 * WORKSPACE_OWNER_FIXED: the owner's place only passes by a transfer); the owner leaves after one.
 */
export function createWorkspaceMembers(deps: WorkspacesServiceDeps, writes: WorkspaceWrites) {
  const { workspaces, memberships, sync } = deps;

  return {
    changeRole(user: UserRow, workspaceId: number, userId: number, role: Exclude<WorkspaceRole, 'owner'>) {
      return writes.locked(workspaceId, user.id, 'manageMembers', async ({ trx, events }) => {
        const target = await memberships.membershipOf(workspaceId, userId, trx);
        if (!target) throw new AppError('NOT_FOUND');
        if (target.role === 'owner') throw new AppError('WORKSPACE_OWNER_FIXED');
        if (target.role === role) return;
        await workspaces.setMemberRole(workspaceId, userId, role, trx);
        events.push(...(await sync.roleChanged(workspaceId, userId, role, trx)));
      });
    },

    /** Removing someone (owner and admins) or leaving (oneself, anyone but the owner). */
    remove(user: UserRow, workspaceId: number, userId: number) {
      const isLeaving = userId === user.id;
      return writes.locked(
        workspaceId,
        user.id,
        isLeaving ? 'view' : 'manageMembers',
        async ({ trx, events }) => {
          const target = await memberships.membershipOf(workspaceId, userId, trx);
          if (!target) throw new AppError('NOT_FOUND');
          if (target.role === 'owner')
            throw new AppError(isLeaving ? 'OWNER_MUST_TRANSFER' : 'WORKSPACE_OWNER_FIXED');
          await workspaces.deleteMember(workspaceId, userId, trx);
          events.push(...(await sync.memberLeft(workspaceId, userId, trx)));
        },
        // The one who left drops the workspace from their open pages.
        { alsoTell: () => [userId] },
      );
    },

    /**
     * The owner hands the workspace to an admin, who becomes owner (and counts it among the workspaces
     * they own: the limit applies); the old owner becomes an admin.
     */
    transfer(user: UserRow, workspaceId: number, userId: number) {
      return writes.locked(workspaceId, user.id, 'transfer', async ({ trx, events }) => {
        const target = await memberships.membershipOf(workspaceId, userId, trx);
        if (!target || target.role !== 'admin') throw new AppError('TRANSFER_NEEDS_ADMIN');
        if ((await workspaces.countOwnedForUpdate(userId, trx)) >= LIMITS.workspace.maxOwnedPerUser)
          throw new AppError('TRANSFER_TARGET_OWNS_TOO_MANY', undefined, {
            messageParams: { max: LIMITS.workspace.maxOwnedPerUser },
          });
        await workspaces.setMemberRole(workspaceId, userId, 'owner', trx);
        await workspaces.setMemberRole(workspaceId, user.id, 'admin', trx);
        await workspaces.setOwner(workspaceId, userId, isoNow(), trx);
        events.push(...(await sync.roleChanged(workspaceId, userId, 'owner', trx)));
        events.push(...(await sync.roleChanged(workspaceId, user.id, 'admin', trx)));
      });
    },
  };
}
