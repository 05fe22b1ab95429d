import { LIMITS } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import { isoNow } from '../../db/values.ts';
import type { UserRow } from '../users/index.ts';
import { canInWorkspace } from './policy.ts';
import type { WorkspaceWrites, WorkspacesServiceDeps } from './write-context.ts';

/** Creating, listing, reading, renaming and deleting workspaces. */
export function createWorkspaceLifecycle(deps: WorkspacesServiceDeps, writes: WorkspaceWrites) {
  const { workspaces, sync, emit } = deps;

  return {
    /** The creator becomes its owner; at most `maxOwnedPerUser` owned, counted under a lock. */
    async create(user: UserRow, name: string) {
      const workspace = await workspaces.transaction(async (trx) => {
        const owned = await workspaces.countOwnedForUpdate(user.id, trx);
        if (owned >= LIMITS.workspace.maxOwnedPerUser)
          throw new AppError('TOO_MANY_WORKSPACES', undefined, {
            messageParams: { max: LIMITS.workspace.maxOwnedPerUser },
          });
        return workspaces.insertWorkspace(name, user.id, isoNow(), trx);
      });
      await emit({ type: 'workspace.changed', workspaceId: workspace.id, audience: [user.id] });
      return { id: workspace.id, name: workspace.name, role: 'owner' as const };
    },

    list(user: UserRow) {
      return workspaces.listForUser(user.id);
    },

    /** The workspace page: members for everyone in it; addresses and pending invitations for owner and admins. */
    async details(user: UserRow, workspaceId: number) {
      const { workspace, membership } = await writes.read(workspaceId, user.id, 'view');
      const members = await workspaces.listMembersWithPeople(workspaceId);
      const isManager = canInWorkspace(membership.role, 'seePrivate');
      const invitations = isManager
        ? await workspaces.listPendingInvitations(workspaceId, isoNow())
        : undefined;
      return { workspace, role: membership.role, members, invitations };
    },

    rename(user: UserRow, workspaceId: number, name: string) {
      return writes.locked(workspaceId, user.id, 'rename', async ({ trx }) => {
        await workspaces.renameWorkspace(workspaceId, name, isoNow(), trx);
      });
    },

    /** Its decisions stay with their owners, detached (the sync first, then the row; FK SET NULL). */
    delete(user: UserRow, workspaceId: number) {
      return writes.locked(
        workspaceId,
        user.id,
        'delete',
        async ({ trx, events }) => {
          const memberIds = await workspaces.memberIds(workspaceId, trx);
          events.push(...(await sync.workspaceDeleted(workspaceId, trx)));
          await workspaces.deleteWorkspace(workspaceId, trx);
          events.push({ type: 'workspace.changed', workspaceId, audience: memberIds });
        },
        { announce: false },
      );
    },
  };
}
