import type { z } from 'zod';
import type { teamMemberSchema } from '../../../shared/api/decisions.ts';
import type {
  acceptInvitationResponseSchema,
  inviteResponseSchema,
  validateInvitationResponseSchema,
} from '../../../shared/api/team.ts';
import { displayNameOfAccount } from '../../../shared/display-name.ts';
import type { Language } from '../../../shared/limits.ts';
import type { InvitationRole, Timestamp } from '../../db/schema.ts';
import { toIsoString } from '../../db/values.ts';
import { translate } from '../../i18n.ts';
import { mayReadAddresses, presentTeam } from '../decisions/index.ts';

type InvitationPreview = z.infer<typeof validateInvitationResponseSchema>;
type InviteResult = z.infer<typeof inviteResponseSchema>;
type AcceptResult = z.infer<typeof acceptInvitationResponseSchema>;
type TeamMember = z.infer<typeof teamMemberSchema>;

/**
 * What the invite page shows before anyone signs in: the decision, the role, who invited, and the
 * invited address (the link was mailed there, so registration can start with it filled in).
 */
export function presentInvitationPreview(invitation: {
  role: InvitationRole;
  decision_id: number;
  decision_name: string;
  inviter_nickname: string | null;
  inviter_first_name: string | null;
  inviter_last_name: string | null;
  inviter_email: string;
  email: string;
  expires_at: Timestamp;
}): InvitationPreview {
  return {
    role: invitation.role,
    decision_id: invitation.decision_id,
    decision_name: invitation.decision_name,
    inviter: displayNameOfAccount({
      nickname: invitation.inviter_nickname,
      first_name: invitation.inviter_first_name,
      last_name: invitation.inviter_last_name,
      email: invitation.inviter_email,
    }),
    email: invitation.email,
    expires_at: toIsoString(invitation.expires_at),
  };
}

/** The token is shown once, here: only its hash is stored. */
export function presentInviteResult(
  language: Language,
  created: { invitation: { id: number }; token: string; link: string; isMailHeld: boolean },
): InviteResult {
  return {
    message: translate(language, created.isMailHeld ? 'api.invitationMailHeld' : 'api.invitationSent'),
    invite_token: created.token,
    token: created.token,
    link: created.link,
    invitation_id: created.invitation.id,
    mail_held: created.isMailHeld,
  };
}

export function presentAcceptResult(
  language: Language,
  accepted: { decisionId: number; isAlreadyMember: boolean },
): AcceptResult {
  const message = accepted.isAlreadyMember ? 'api.invitationAlreadyYours' : 'api.invitationAccepted';
  return { message: translate(language, message), decision_id: accepted.decisionId };
}

/** The member list of a decision; a personal decision has no team and lists nobody. */
export function presentMemberList(
  details: {
    team: Parameters<typeof presentTeam>[0] | undefined;
    teamResults?: { voterIds: ReadonlySet<number>; completeIds: ReadonlySet<number> } | undefined;
  },
  language: Language,
  access: Parameters<typeof mayReadAddresses>[0],
): TeamMember[] {
  if (!details.team) return [];
  return presentTeam(
    details.team,
    details.teamResults?.voterIds ?? new Set(),
    details.teamResults?.completeIds ?? new Set(),
    language,
    { showAddresses: mayReadAddresses(access) },
  );
}
