import { displayNameOfAccount } from '../../../shared/display-name.ts';
import { AppError } from '../../app-error.ts';
import { isoNow } from '../../db/values.ts';
import { hashToken } from '../auth/index.ts';
import type { UserRow } from '../users/index.ts';
import { assertMemberPlaceLeft } from './member-limit.ts';
import type { TeamServiceDeps } from './service.ts';

/** Opening and accepting an invitation: by the link's token, or from the notification to the user. */
export function createAcceptInvitation(deps: TeamServiceDeps) {
  const { team, decisionsService, emit } = deps;
  // The decision's row belongs to the decisions module: its revision moves on through its repo.
  const { decisions, history, freezeBeforeChange } = decisionsService.writeContext;

  /** Why a token opens no pending invitation. */
  async function closedInvitationError(token: string): Promise<AppError> {
    const invitation = await team.findAnyByHash(hashToken(token));
    if (invitation?.accepted_at) return new AppError('INVITATION_ALREADY_ACCEPTED');
    if (invitation?.revoked_at) return new AppError('INVITATION_REVOKED');
    return new AppError('INVALID_INVITATION');
  }

  async function acceptPending(
    invitation: { id: number; inviter_id: number; decision_id: number },
    user: UserRow,
  ) {
    if (invitation.inviter_id === user.id) throw new AppError('CANNOT_ACCEPT_OWN');
    const { accepted, decisionName } = await decisionsService.writeLocked(
      invitation.decision_id,
      user.id,
      null,
      async (access, trx) => {
        if (access.relation === 'owner') throw new AppError('CANNOT_ACCEPT_OWN');
        // A member must not use up an invitation meant for someone else.
        if (access.relation !== 'none') throw new AppError('ALREADY_MEMBER');
        // Left the decision's workspace after it closed (issue 29): their row (and its votes) stays,
        // so an invitation sent before cannot add a second one; rejoining the workspace restores it.
        if (await team.findMembership(invitation.decision_id, user.id, trx))
          throw new AppError('ALREADY_MEMBER');
        // Open invitations were counted when sent; this re-check covers those sent before the limit.
        assertMemberPlaceLeft(await team.countMembers(invitation.decision_id, trx));
        // Joining after voting ended changes the participation: the result at the deadline first (issue 30).
        await freezeBeforeChange(trx, access.decision);
        const claimed = await team.acceptInvitation(invitation.id, user.id, isoNow(), trx);
        if (!claimed) throw new AppError('INVALID_INVITATION');
        await decisions.bumpRevision(invitation.decision_id, trx);
        await history.record(trx, [
          {
            decisionId: invitation.decision_id,
            kind: 'member_joined',
            actorId: user.id,
            subjectId: user.id,
            changes: [{ field: 'role', from: null, to: claimed.role }],
          },
        ]);
        return { accepted: claimed, decisionName: access.decision.name };
      },
    );
    await emit({
      type: 'invitation.accepted',
      decision: { id: invitation.decision_id, name: decisionName },
      inviterId: invitation.inviter_id,
      member: { id: user.id, name: displayNameOfAccount(user) },
    });
    return accepted;
  }

  return {
    /**
     * A pending invitation, or why the link no longer opens one: a used or withdrawn link says what to
     * do next (whoever holds it had the mail anyway); unknown and expired tokens get the same answer.
     */
    async validate(token: string) {
      const invitation = await team.findPendingByHash(hashToken(token), isoNow());
      if (!invitation) throw await closedInvitationError(token);
      return invitation;
    },

    /** Whether `token` came from the invitation mail to `email` (registration then needs no confirmation). */
    async isAddressProven(token: string, email: string): Promise<boolean> {
      return (await team.findMailedAddress(hashToken(token), isoNow())) === email;
    },

    /** Accepts a pending invitation; the member who accepted it before is simply sent to the decision. */
    async accept(token: string, user: UserRow): Promise<{ decisionId: number; isAlreadyMember: boolean }> {
      const invitation = await team.findPendingByHash(hashToken(token), isoNow());
      if (invitation) {
        await acceptPending(invitation, user);
        return { decisionId: invitation.decision_id, isAlreadyMember: false };
      }
      const closed = await team.findAnyByHash(hashToken(token));
      const isOwnAcceptance =
        closed?.accepted_by === user.id && (await team.isMember(closed.decision_id, user.id));
      if (closed && isOwnAcceptance) return { decisionId: closed.decision_id, isAlreadyMember: true };
      throw await closedInvitationError(token);
    },

    /** Accept from an invitation notification addressed to this user. */
    async acceptById(invitationId: number, user: UserRow) {
      const invitation = await team.findInvitationById(invitationId);
      const isPending =
        invitation &&
        invitation.accepted_at === null &&
        invitation.revoked_at === null &&
        new Date(invitation.expires_at).getTime() > Date.now();
      if (!isPending) throw new AppError('INVALID_INVITATION');
      return acceptPending(invitation, user);
    },
  };
}
