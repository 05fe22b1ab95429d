import type { Transaction } from 'kysely';
import { displayNameOfAccount } from '../../../shared/display-name.ts';
import { LIMITS, type Language } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import type { Database, WorkspaceInvitationsTable, WorkspaceRole } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';
import { formatUtcMoment, preferredLanguage, translate } from '../../i18n.ts';
import { workspaceInvitationMail } from '../../mail/templates.ts';
import type { UserRow } from '../users/index.ts';
import type { WorkspacesServiceDeps } from './write-context.ts';

export const DAY_MS = 24 * 60 * 60_000;
const SAME_ADDRESS_MAIL_MS = LIMITS.team.sameAddressMailEveryMinutes * 60_000;
export type AssignableRole = Exclude<WorkspaceRole, 'owner'>;

export function isPending(
  invitation: Pick<WorkspaceInvitationsTable, 'accepted_at' | 'revoked_at' | 'expires_at'>,
) {
  return (
    invitation.accepted_at === null &&
    invitation.revoked_at === null &&
    new Date(invitation.expires_at).getTime() > Date.now()
  );
}

/**
 * One mail per invitation within `LIMITS.team.sameAddressMailEveryMinutes` (as for decision
 * invitations): sooner answers 429 with the moment it is possible again; the invitation stays as it was.
 * Each sending moves `created_at`, which the daily cap counts, so this also keeps re-sends counted.
 */
function assertMailDue(invitation: { created_at: string | Date }, language: Language): void {
  const nextMs = new Date(invitation.created_at).getTime() + SAME_ADDRESS_MAIL_MS;
  if (nextMs <= Date.now()) return;
  const nextAt = new Date(nextMs).toISOString();
  throw new AppError('WORKSPACE_INVITATION_MAIL_TOO_SOON', undefined, {
    retryAfterSeconds: Math.max(1, Math.ceil((nextMs - Date.now()) / 1000)),
    messageParams: { time: formatUtcMoment(nextAt, language) },
    extraBody: { next_mail_at: nextAt },
  });
}

/** The mail cap, the invitation row (new or renewed) and telling the invitee: what inviting and re-sending share. */
export function createInvitationSending(deps: WorkspacesServiceDeps) {
  const { workspaces, users, mailer, appUrl, emit } = deps;
  const inviteLink = (token: string) => `${appUrl}/invite?token=${encodeURIComponent(token)}`;

  /** The daily cap of invitation mails, over decision and workspace invitations (fewer for a new account). */
  async function assertMailCapLeft(inviter: UserRow): Promise<void> {
    const { invitationMailsPerDay, newAccountHours } = LIMITS.team;
    const isNewAccount = Date.now() - new Date(inviter.created_at).getTime() < newAccountHours * 3600_000;
    const cap = isNewAccount ? invitationMailsPerDay.newAccount : invitationMailsPerDay.established;
    const since = isoNow(-DAY_MS);
    const sent =
      (await workspaces.countMailsSince(inviter.id, since)) +
      (await deps.countDecisionInvitationMailsSince(inviter.id, since));
    if (sent >= cap) throw new AppError('RATE_LIMITED', { email: 'validation.invitationMailLimit' });
  }

  /**
   * The mail (held while the inviter's own address is unconfirmed, as for decision invitations: the
   * inviter shares the link meanwhile, or sends again once confirmed) and, for an address with an
   * account, the notification. Mail language: the invitee's account language, else the inviter's.
   */
  async function announce(
    inviter: UserRow,
    workspace: { id: number; name: string },
    sent: { email: string; role: AssignableRole; token: string },
    requestLanguage: Language,
  ): Promise<void> {
    const invitee = await users.findByEmail(sent.email);
    const link = inviteLink(sent.token);
    if (inviter.email_verified_at !== null) {
      const language = preferredLanguage(
        invitee?.language,
        preferredLanguage(inviter.language, requestLanguage),
      );
      mailer.send({
        to: sent.email,
        ...workspaceInvitationMail(language, {
          inviter: displayNameOfAccount(inviter),
          workspace: workspace.name,
          role: translate(language, `roles.${sent.role}`),
          link,
        }),
      });
    }
    if (invitee) {
      await emit({
        type: 'workspace.invited',
        workspace,
        inviter: { id: inviter.id, name: displayNameOfAccount(inviter) },
        inviteeId: invitee.id,
        link: `/invite?token=${encodeURIComponent(sent.token)}`,
      });
    }
  }

  /** A new invitation, or (the address has a pending one) that one renewed: new token, role and expiry. */
  async function saveInvitation(
    request: {
      workspaceId: number;
      inviterId: number;
      email: string;
      role: AssignableRole;
      tokenHash: string;
    },
    language: Language,
    trx: Transaction<Database>,
  ) {
    const now = isoNow();
    const expiresAt = isoNow(LIMITS.workspace.invitationDays * DAY_MS);
    const pending = await workspaces.findPendingForEmail(request.workspaceId, request.email, now, trx);
    if (pending) {
      assertMailDue(pending, language);
      return workspaces.renewInvitation(
        pending.id,
        {
          token_hash: request.tokenHash,
          expires_at: expiresAt,
          created_at: now,
          role: request.role,
          inviter_id: request.inviterId,
        },
        trx,
      );
    }
    const pendingCount = await workspaces.countPendingInvitations(request.workspaceId, now, trx);
    if (pendingCount >= LIMITS.workspace.pendingInvitationsPerWorkspace)
      throw new AppError('TOO_MANY_WORKSPACE_INVITATIONS', undefined, {
        messageParams: { max: LIMITS.workspace.pendingInvitationsPerWorkspace },
      });
    // Each open invitation holds a place, so accepting them all stays within the limit.
    if (
      (await workspaces.countMembers(request.workspaceId, trx)) + pendingCount >=
      LIMITS.workspace.maxMembers
    )
      throw new AppError('WORKSPACE_FULL', undefined, {
        messageParams: { max: LIMITS.workspace.maxMembers },
      });
    return workspaces.insertInvitation(
      {
        workspace_id: request.workspaceId,
        inviter_id: request.inviterId,
        email: request.email,
        role: request.role,
        token_hash: request.tokenHash,
        created_at: now,
        expires_at: expiresAt,
        accepted_at: null,
        accepted_by: null,
        revoked_at: null,
      },
      trx,
    );
  }

  return { assertMailCapLeft, announce, saveInvitation, assertMailDue };
}
