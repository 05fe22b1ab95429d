import type { Language } from '../../../shared/limits.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import { isoNow } from '../../db/values.ts';
import { generateToken, hashToken } from '../auth/index.ts';
import type { UserRow } from '../users/index.ts';
import { createInvitationSending, DAY_MS, isPending, type AssignableRole } from './invitation-sending.ts';
import type { WorkspaceWrites, WorkspacesServiceDeps } from './write-context.ts';

/** Inviting by address, sending again and revoking (owner and admins). */
export function createWorkspaceInvitations(deps: WorkspacesServiceDeps, writes: WorkspaceWrites) {
  const { workspaces, memberships, users } = deps;
  const { assertMailCapLeft, announce, saveInvitation, assertMailDue } = createInvitationSending(deps);

  return {
    async invite(
      inviter: UserRow,
      workspaceId: number,
      input: { email: string; role: AssignableRole },
      language: Language,
    ) {
      // The right first (404 / 403 before 409 or 429), then the cap: it reads outside the write's transaction.
      await writes.read(workspaceId, inviter.id, 'invite');
      if (input.email === inviter.email)
        throw new AppError('ALREADY_WORKSPACE_MEMBER', { email: 'validation.alreadyWorkspaceMember' });
      const invitee = await users.findByEmail(input.email);
      const token = generateToken();
      await assertMailCapLeft(inviter);
      const { invitation, workspace } = await writes.locked(
        workspaceId,
        inviter.id,
        'invite',
        async (locked) => {
          const isAlreadyIn =
            invitee !== undefined &&
            (await memberships.membershipOf(workspaceId, invitee.id, locked.trx)) !== undefined;
          if (isAlreadyIn)
            throw new AppError('ALREADY_WORKSPACE_MEMBER', { email: 'validation.alreadyWorkspaceMember' });
          const saved = await saveInvitation(
            {
              workspaceId,
              inviterId: inviter.id,
              email: input.email,
              role: input.role,
              tokenHash: hashToken(token),
            },
            language,
            locked.trx,
          );
          return { invitation: saved, workspace: locked.workspace };
        },
      );
      await announce(inviter, workspace, { email: invitation.email, role: invitation.role, token }, language);
      return { id: invitation.id, token };
    },

    /** "Send again": a new token and expiry, and the mail again; the old link opens nothing any more. */
    async resend(inviter: UserRow, workspaceId: number, invitationId: number, language: Language) {
      const token = generateToken();
      // The right first (404 / 403 before 429), then the cap: it reads outside the write's transaction.
      await writes.read(workspaceId, inviter.id, 'invite');
      await assertMailCapLeft(inviter);
      const { invitation, workspace } = await writes.locked(
        workspaceId,
        inviter.id,
        'invite',
        async (locked) => {
          const current = await workspaces.findInvitation(workspaceId, invitationId, locked.trx);
          if (!current || !isPending(current)) throw new AppError('NOT_FOUND');
          assertMailDue(current, language);
          const renewed = await workspaces.renewInvitation(
            current.id,
            {
              token_hash: hashToken(token),
              created_at: isoNow(),
              expires_at: isoNow(LIMITS.workspace.invitationDays * DAY_MS),
            },
            locked.trx,
          );
          return { invitation: renewed, workspace: locked.workspace };
        },
      );
      await announce(inviter, workspace, { email: invitation.email, role: invitation.role, token }, language);
      return { id: invitation.id, token };
    },

    revoke(user: UserRow, workspaceId: number, invitationId: number) {
      return writes.locked(workspaceId, user.id, 'invite', async ({ trx }) => {
        const current = await workspaces.findInvitation(workspaceId, invitationId, trx);
        if (!current || !isPending(current)) throw new AppError('NOT_FOUND');
        await workspaces.revokeInvitation(current.id, isoNow(), trx);
      });
    },
  };
}
