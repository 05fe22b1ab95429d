import { displayNameOfAccount } from '../../../shared/display-name.ts';
import { LIMITS, type Language } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import type { Emit } from '../../events/domain-events.ts';
import type { InvitationRole, TeamRole } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';
import { preferredLanguage, translate } from '../../i18n.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { invitationMail } from '../../mail/templates.ts';
import { generateToken, hashToken } from '../auth/index.ts';
import type { DecisionAccess, DecisionsService } from '../decisions/index.ts';
import type { UserRow } from '../users/index.ts';
import type { TeamRepo } from './repo.ts';

const DAY_MS = 24 * 60 * 60_000;

export interface TeamServiceDeps {
  team: TeamRepo;
  decisionsService: DecisionsService;
  emit: Emit;
  mailer: Mailer;
  appUrl: string;
}

export function createTeamService(deps: TeamServiceDeps) {
  const { team, decisionsService, emit, mailer, appUrl } = deps;
  // Votes, weights and the decision's row belong to the decisions module: written through its context.
  const { decisions, matrix } = decisionsService.writeContext;

  function invitationLink(token: string): string {
    return `${appUrl}/invite?token=${encodeURIComponent(token)}`;
  }

  function sendInvitationMail(
    to: string,
    language: Language,
    params: { inviter: string; decision: string; role: InvitationRole; link: string },
  ): void {
    mailer.send({
      to,
      ...invitationMail(language, { ...params, role: translate(language, `roles.${params.role}`) }),
    });
  }

  /** A real team's need, but no spam run: fewer mails while the account is younger than a day. */
  async function assertInvitationMailAllowed(inviter: UserRow): Promise<void> {
    const { invitationMailsPerDay, newAccountHours } = LIMITS.team;
    const ageMs = Date.now() - new Date(inviter.created_at).getTime();
    const limit =
      ageMs < newAccountHours * 3600_000
        ? invitationMailsPerDay.newAccount
        : invitationMailsPerDay.established;
    if ((await team.countSentSince(inviter.id, isoNow(-DAY_MS))) >= limit)
      throw new AppError('RATE_LIMITED', { email: 'validation.invitationMailLimit' });
  }

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
        const claimed = await team.acceptInvitation(invitation.id, user.id, isoNow(), trx);
        if (!claimed) throw new AppError('INVALID_INVITATION');
        await decisions.bumpRevision(invitation.decision_id, trx);
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
    async invite(
      access: DecisionAccess,
      inviter: UserRow,
      input: { email: string; role: InvitationRole },
      language: 'en' | 'de',
    ) {
      const { decision } = access;
      if (input.email === inviter.email)
        throw new AppError('ALREADY_MEMBER', { email: 'validation.inviteSelf' });
      const invitee = await team.findUserByEmail(input.email);
      await assertInvitationMailAllowed(inviter);

      // Mails to other people wait until the inviter's own address is confirmed.
      const isMailHeld = inviter.email_verified_at === null;
      const token = generateToken();
      // Under the decision's lock: membership, the pending count and the insert see one state.
      const invitation = await decisionsService.writeLocked(
        decision.id,
        inviter.id,
        'invite',
        async (locked, trx) => {
          const isAlreadyIn =
            invitee !== undefined &&
            (locked.decision.user_id === invitee.id || (await team.isMember(decision.id, invitee.id, trx)));
          if (isAlreadyIn) throw new AppError('ALREADY_MEMBER', { email: 'validation.alreadyMember' });
          const now = isoNow();
          const expiresAt = isoNow(LIMITS.team.invitationDays * DAY_MS);
          // Sent again: the same invitation with one more token, so the first mail's link still works.
          const pending = await team.findPendingForEmail(decision.id, input.email, now, trx);
          if (pending) {
            return team.addToken(
              pending.id,
              { tokenHash: hashToken(token), role: input.role, expiresAt, now },
              trx,
            );
          }
          const pendingCount = await team.countPendingForDecision(decision.id, now, trx);
          if (pendingCount >= LIMITS.team.pendingInvitationsPerDecision) {
            throw new AppError('TOO_MANY_PENDING_INVITATIONS');
          }
          return team.insertInvitation(
            {
              decision_id: decision.id,
              inviter_id: inviter.id,
              email: input.email,
              role: input.role,
              token_hash: hashToken(token),
              created_at: now,
              expires_at: expiresAt,
              accepted_at: null,
              accepted_by: null,
              revoked_at: null,
              mail_held: isMailHeld ? 1 : 0,
            },
            trx,
          );
        },
      );
      const link = invitationLink(token);
      if (!isMailHeld) {
        // The mail carries a token of its own, never shown to the inviter: it proves the address.
        const mailToken = generateToken();
        await team.addMailToken(invitation.id, hashToken(mailToken), isoNow());
        sendInvitationMail(input.email, preferredLanguage(invitee?.language, language), {
          inviter: displayNameOfAccount(inviter),
          decision: decision.name,
          role: input.role,
          link: invitationLink(mailToken),
        });
      }
      await emit({
        type: 'member.invited',
        decision,
        invitationId: invitation.id,
        inviter: { id: inviter.id, name: displayNameOfAccount(inviter) },
        inviteeId: invitee?.id,
      });
      return { invitation, token, link, isMailHeld };
    },

    /**
     * Sends the invitation mails that waited for the inviter to confirm their address, for every
     * invitation still pending. Each mail carries a new token of its own (only hashes are stored).
     */
    async releaseHeldInvitationMails(inviter: UserRow): Promise<{ sent: number }> {
      let sent = 0;
      const inviterLanguage = preferredLanguage(inviter.language, 'en');
      for (const held of await team.findHeldPending(inviter.id, isoNow())) {
        const token = generateToken();
        if (!(await team.releaseHeld(held.id, hashToken(token)))) continue;
        sendInvitationMail(held.email, preferredLanguage(held.invitee_language, inviterLanguage), {
          inviter: displayNameOfAccount(inviter),
          decision: held.decision_name,
          role: held.role,
          link: invitationLink(token),
        });
        sent++;
      }
      return { sent };
    },

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

    /** Refused once voting ended or the AI completed the decision: roles decide whose votes count. */
    async changeRole(access: DecisionAccess, userId: number, role: TeamRole): Promise<void> {
      await decisionsService.writeLocked(
        access.decision.id,
        access.userId,
        'manageMembers',
        async (_, trx) => {
          if (!(await team.setRole(access.decision.id, userId, role, trx))) throw new AppError('NOT_FOUND');
        },
      );
      await emit({
        type: 'member.roleChanged',
        decision: access.decision,
        actorId: access.userId,
        userId,
        role,
      });
    },

    /** Removes the member's votes and weights too, so it is refused once the result is closed. */
    async removeMember(access: DecisionAccess, userId: number): Promise<void> {
      await decisionsService.writeLocked(
        access.decision.id,
        access.userId,
        'manageMembers',
        async (locked, trx) => {
          const decisionId = access.decision.id;
          if (!(await team.removeMember(decisionId, userId, trx))) throw new AppError('NOT_FOUND');
          await decisions.deleteUserEvaluations(decisionId, userId, trx);
          await decisions.deleteUserWeights(decisionId, userId, trx);
          await decisions.bumpRevision(decisionId, trx);
          await matrix.refreshScore(trx, locked.decision);
        },
      );
      await emit({ type: 'member.removed', decision: access.decision, actorId: access.userId, userId });
    },

    async revokeInvitation(access: DecisionAccess, invitationId: number): Promise<void> {
      await decisionsService.writeLocked(access.decision.id, access.userId, 'invite', async (_, trx) => {
        const invitation = await team.findInvitationById(invitationId, trx);
        if (
          !invitation ||
          invitation.decision_id !== access.decision.id ||
          !(await team.revoke(invitationId, trx))
        ) {
          throw new AppError('NOT_FOUND');
        }
      });
      await emit({ type: 'decision.changed', decisionId: access.decision.id });
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
