import type { TeamMember } from './team-api.ts';

/**
 * A stable React key for a row of the team: the account, else the membership (a former member, whose
 * deleted account has no id any more: issue 28), else the pending invitation.
 */
export function memberKeyOf(member: Pick<TeamMember, 'user_id' | 'id' | 'invitation_id'>): string {
  if (member.user_id !== null) return `user-${member.user_id}`;
  if (member.id !== null) return `membership-${member.id}`;
  return `invitation-${member.invitation_id}`;
}
