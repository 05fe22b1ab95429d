import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { noResultMessageOf } from '../../../shared/no-result.ts';

/**
 * How a closed team decision came out: its top option(s) with their result, that nobody voted, that
 * there is no result and why (issue 25: nobody completed a vote, no weights, every option knocked
 * out), or nothing yet while the page still holds a body with hidden results.
 */
export type VotingOutcome =
  | { kind: 'noVotes' }
  | { kind: 'hidden' }
  | { kind: 'noResult'; message: { key: string; count?: number } }
  | { kind: 'winners'; names: string[]; total: number };

/** From the server's ranking: every top option (ties name all); options without a total never win. */
export function votingOutcomeOf(
  details: Pick<DecisionDetails, 'options' | 'results'> &
    Partial<Pick<DecisionDetails, 'resultsHiddenUntil'>> & {
      decision?: Pick<DecisionDetails['decision'], 'type'>;
    },
): VotingOutcome {
  if (details.resultsHiddenUntil) return { kind: 'hidden' };
  const message = noResultMessageOf({
    results: details.results,
    decision: details.decision ?? { type: 'team' },
  });
  const hasAnyTotal = details.results.ranking.some((entry) => entry.total !== null);
  // Nobody voted at all: the plain sentence; votes without a result say why there is none.
  if (message && (hasAnyTotal || details.results.no_result_reason !== 'no_complete_voter'))
    return { kind: 'noResult', message };
  const names = new Map(details.options.map((option) => [option.id, option.name]));
  const winners = details.results.ranking.filter((entry) => entry.is_top && entry.total !== null);
  const total = winners[0]?.total;
  if (total === undefined || total === null) return { kind: 'noVotes' };
  return { kind: 'winners', names: winners.map((entry) => names.get(entry.option_id) ?? ''), total };
}
