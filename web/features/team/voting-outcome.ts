import type { DecisionDetails } from '../../../shared/api/decisions.ts';

/**
 * How a closed team decision came out: its top option(s) with their result, that nobody voted, or
 * nothing yet while the page still holds a body with hidden results (the deadline passed here first).
 */
export type VotingOutcome =
  { kind: 'noVotes' } | { kind: 'hidden' } | { kind: 'winners'; names: string[]; total: number };

/** From the server's ranking: every top option (ties name all); options without a total never win. */
export function votingOutcomeOf(
  details: Pick<DecisionDetails, 'options' | 'results'> &
    Partial<Pick<DecisionDetails, 'resultsHiddenUntil'>>,
): VotingOutcome {
  if (details.resultsHiddenUntil) return { kind: 'hidden' };
  const names = new Map(details.options.map((option) => [option.id, option.name]));
  const winners = details.results.ranking.filter((entry) => entry.is_top && entry.total !== null);
  const total = winners[0]?.total;
  if (total === undefined || total === null) return { kind: 'noVotes' };
  return { kind: 'winners', names: winners.map((entry) => names.get(entry.option_id) ?? ''), total };
}
