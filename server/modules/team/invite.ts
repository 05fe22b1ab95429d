import type { Transaction } from 'kysely';
import { displayNameOfAccount } from '../../../shared/display-name.ts';
import { LIMITS, type Language } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import type { Database, InvitationRole } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';
import { formatUtcMoment, preferredLanguage, translate } from '../../i18n.ts';
import { invitationMail } from '../../mail/templates.ts';
import { generateToken, hashToken } from '../auth/index.ts';
import type { DecisionAccess } from '../decisions/index.ts';
import type { UserRow } from '../users/index.ts';
import { assertMemberPlaceLeft } from './member-limit.ts';
import type { TeamServiceDeps } from './service.ts';

type TeamRepo = TeamServiceDeps['team'];

const DAY_MS = 24 * 60 * 60_000;
const SAME_ADDRESS_MAIL_MS = LIMITS.team.sameAddressMailEveryMinutes * 60_000;

/**
 * One invitation mail per address and decision within `LIMITS.team.sameAddressMailEveryMinutes`, over
 * all its invitations: sooner answers 429 with the moment it is possible again, and the invitation
 * stays as it was (still valid, no new token).
 */
async function assertAddressMailDue(
  team: TeamRepo,
  target: { decisionId: number; email: string },
  now: string,
  language: Language,
  trx: Transaction<Database>,
): Promise<void> {
  const lastMailedAt = await team.lastMailedAt(target.decisionId, target.email, trx);
  if (!lastMailedAt) return;
  const nextMs = new Date(lastMailedAt).getTime() + SAME_ADDRESS_MAIL_MS;
  const nowMs = new Date(now).getTime();
  if (nextMs <= nowMs) return;
  const nextAt = new Date(nextMs).toISOString();
  throw new AppError('INVITATION_MAIL_TOO_SOON', undefined, {
    retryAfterSeconds: Math.max(1, Math.ceil((nextMs - nowMs) / 1000)),
    messageParams: { time: formatUtcMoment(nextAt, language) },
    extraBody: { next_mail_at: nextAt },
  });
}

/**
 * A new invitation, or, sent again, one more token on the pending one for this address (with the role
 * chosen now and a fresh expiry), so the first mail's link still works.
 */
async function saveInvitation(
  team: TeamRepo,
  request: {
    decisionId: number;
    inviterId: number;
    email: string;
    role: InvitationRole;
    tokenHash: string;
    isMailHeld: boolean;
  },
  now: string,
  trx: Transaction<Database>,
) {
  const expiresAt = isoNow(LIMITS.team.invitationDays * DAY_MS);
  const pending = await team.findPendingForEmail(request.decisionId, request.email, now, trx);
  if (pending) {
    return team.addToken(
      pending.id,
      { tokenHash: request.tokenHash, role: request.role, expiresAt, now },
      trx,
    );
  }
  const pendingCount = await team.countPendingForDecision(request.decisionId, now, trx);
  // Each open invitation holds a place: accepting them all must stay within the member limit.
  assertMemberPlaceLeft((await team.countMembers(request.decisionId, trx)) + pendingCount);
  if (pendingCount >= LIMITS.team.pendingInvitationsPerDecision) {
    throw new AppError('TOO_MANY_PENDING_INVITATIONS');
  }
  return team.insertInvitation(
    {
      decision_id: request.decisionId,
      inviter_id: request.inviterId,
      email: request.email,
      role: request.role,
      token_hash: request.tokenHash,
      created_at: now,
      expires_at: expiresAt,
      accepted_at: null,
      accepted_by: null,
      revoked_at: null,
      mail_held: request.isMailHeld ? 1 : 0,
    },
    trx,
  );
}

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
      // The mail carries a token of its own, never shown to the inviter: it proves the address.
      const mailToken = isMailHeld ? undefined : generateToken();
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
          if (mailToken)
            await assertAddressMailDue(
              team,
              { decisionId: decision.id, email: input.email },
              now,
              language,
              trx,
            );
          const saved = await saveInvitation(
            team,
            {
              decisionId: decision.id,
              inviterId: inviter.id,
              email: input.email,
              role: input.role,
              tokenHash: hashToken(token),
              isMailHeld,
            },
            now,
            trx,
          );
          // Stored in the same transaction, so a parallel re-send sees this mail's time.
          if (mailToken) await team.addMailToken(saved.id, hashToken(mailToken), now, trx);
          // The invitee is named once they have an account; an address is never written to history.
          await decisionsService.writeContext.history.record(trx, [
            {
              decisionId: decision.id,
              kind: 'member_invited',
              actorId: inviter.id,
              subjectId: invitee?.id ?? null,
              changes: [{ field: 'role', from: null, to: input.role }],
            },
          ]);
          return saved;
        },
      );
      const link = invitationLink(token);
      if (mailToken) {
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
        if (!(await team.releaseHeld(held.id, hashToken(token), isoNow()))) continue;
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
