import { LIMITS } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';

/**
 * Issue 27: at most `LIMITS.team.maxMembersPerDecision` people per decision, the owner included, so
 * what one vote costs stays bounded. `othersTaken`: the places already held besides the owner's
 * (accepted members, and when inviting also the open invitations). Callers count under the decision's
 * lock, so parallel invitations or acceptances cannot pass the limit together.
 */
export function assertMemberPlaceLeft(othersTaken: number): void {
  // The owner has no `team_members` row but holds a place.
  const taken = 1 + othersTaken;
  if (taken >= LIMITS.team.maxMembersPerDecision) {
    throw new AppError('TOO_MANY_MEMBERS', undefined, {
      messageParams: { max: LIMITS.team.maxMembersPerDecision },
    });
  }
}
