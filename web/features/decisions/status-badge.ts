import type { DecisionListItem } from '../../../shared/api/decisions.ts';

export type StatusBadge = 'draft' | 'open' | 'votingEnded' | 'completedByAi' | 'decided';

/**
 * Where a decision stands, in words: a closed team decision says why (voting ended or completed by AI);
 * a recorded outcome outranks both. A personal decision shows a badge only once decided.
 */
export function statusBadgeOf(
  decision: Pick<DecisionListItem, 'status' | 'lock'> & { type: DecisionListItem['type'] },
): StatusBadge | null {
  if (decision.status === 'decided') return 'decided';
  if (decision.type !== 'team') return null;
  if (decision.lock === 'ai') return 'completedByAi';
  if (decision.status === 'closed') return 'votingEnded';
  return decision.status;
}
