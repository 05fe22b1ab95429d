import type { ResultsHiddenUntil } from '../../../shared/api/decisions.ts';
import type { DecisionAccess } from './access.ts';
import { lockOf, resultsHiddenUntil, statusOf } from './policy.ts';

/**
 * The visibility policy (policy.ts `resultsHiddenUntil`) for one caller's access: the decision's
 * setting and status, the caller's relation and whether they submitted their vote (read fresh with
 * the access, so a reopening hides the results again at once).
 */
export function resultsHiddenUntilFor(
  access: Pick<DecisionAccess, 'decision' | 'relation' | 'state'>,
): ResultsHiddenUntil {
  if (access.decision.type !== 'team') return null;
  return resultsHiddenUntil({
    relation: access.relation,
    visibility: access.decision.results_visibility,
    status: statusOf(access.decision, lockOf(access.state)),
    isSubmitted: access.state.isVoteSubmitted === true,
  });
}
