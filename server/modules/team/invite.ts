import { displayNameOfAccount } from '../../../shared/display-name.ts';
import { LIMITS, type Language } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import type { InvitationRole } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';
import { preferredLanguage, translate } from '../../i18n.ts';
import { invitationMail } from '../../mail/templates.ts';
import { generateToken, hashToken } from '../auth/index.ts';
import type { DecisionAccess } from '../decisions/index.ts';
import type { UserRow } from '../users/index.ts';
import type { TeamServiceDeps } from './service.ts';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Inviting by address: the invitation under the decision's lock, its mail, and the mails held until
 * the inviter's own address is confirmed.
 */
export function createInvite(deps: TeamServiceDeps) {
  const { team, decisionsService, emit, mailer, appUrl } = deps;

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
  };
}
