import { displayNameOfAccount } from '../../../shared/display-name.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import type { DomainEvent } from '../../events/domain-events.ts';
import { isoNow, toIsoString } from '../../db/values.ts';
import { hashToken } from '../auth/index.ts';
import type { UserRow } from '../users/index.ts';
import { isPending } from './invitation-sending.ts';
import type { WorkspaceWrites, WorkspacesServiceDeps } from './write-context.ts';

/** Why a token opens no pending invitation (404 either way, as for decision invitations). */
function closedInvitationError(invitation: { revoked_at: unknown } | undefined): AppError {
  return new AppError(invitation?.revoked_at ? 'INVITATION_REVOKED' : 'INVALID_INVITATION');
}

/** The invite page's preview of a token and accepting it. */
export function createWorkspaceInvitationAcceptance(deps: WorkspacesServiceDeps, writes: WorkspaceWrites) {
  const { workspaces, memberships, sync, emit } = deps;

  return {
    /** What the invite page shows before anyone signs in; 404 unless the invitation is pending. */
    async preview(token: string) {
      const invitation = await workspaces.findPreviewByHash(hashToken(token));
      if (!invitation || !isPending(invitation)) throw closedInvitationError(invitation);
      return {
        workspace_name: invitation.workspace_name,
        role: invitation.role,
        inviter: displayNameOfAccount({
          email: invitation.inviter_email,
          nickname: invitation.inviter_nickname,
          first_name: invitation.inviter_first_name,
          last_name: invitation.inviter_last_name,
        }),
        email: invitation.email,
        expires_at: toIsoString(invitation.expires_at),
      };
    },

    /**
     * Whether `token` came from the pending workspace invitation mailed to `email`: registering with it
     * then needs no confirmation mail, as with a decision invitation's token.
     */
    async isAddressProven(token: string, email: string): Promise<boolean> {
      const invitation = await workspaces.findPreviewByHash(hashToken(token));
      return invitation !== undefined && isPending(invitation) && invitation.email === email;
    },

    /**
     * Any signed-in account holding the token joins with the invited role (the address need not match,
     * as for decision invitations). The one who accepted it before gets the same answer again; racing
     * accepts meet at the workspace's lock, so there is one membership.
     */
    async accept(token: string, user: UserRow): Promise<{ workspaceId: number }> {
      const found = await workspaces.findInvitationByHash(hashToken(token));
      if (!found) throw new AppError('INVALID_INVITATION');
      const workspaceId = found.workspace_id;
      const { events, joined } = await workspaces.transaction(async (trx) => {
        if (!(await memberships.lockWorkspace(workspaceId, trx))) throw new AppError('INVALID_INVITATION');
        const invitation = await workspaces.findInvitationByHash(hashToken(token), trx);
        const membership = await memberships.membershipOf(workspaceId, user.id, trx);
        if (invitation?.accepted_by === user.id && membership) return { events: [], joined: false };
        if (!invitation || !isPending(invitation)) throw closedInvitationError(invitation);
        // A member must not use up an invitation meant for someone else.
        if (membership) throw new AppError('ALREADY_WORKSPACE_MEMBER');
        if ((await workspaces.countMembers(workspaceId, trx)) >= LIMITS.workspace.maxMembers)
          throw new AppError('WORKSPACE_FULL', undefined, {
            messageParams: { max: LIMITS.workspace.maxMembers },
          });
        const now = isoNow();
        if (!(await workspaces.claimInvitation(invitation.id, user.id, now, trx)))
          throw new AppError('INVALID_INVITATION');
        await workspaces.insertMember({ workspaceId, userId: user.id, role: invitation.role, now }, trx);
        const synced: DomainEvent[] = await sync.memberJoined(workspaceId, user.id, invitation.role, trx);
        synced.push(await writes.changedEvent(workspaceId, trx, []));
        return { events: synced, joined: true };
      });
      if (joined) for (const event of events) await emit(event);
      return { workspaceId };
    },
  };
}
