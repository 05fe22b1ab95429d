import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import type { Outcome, OutcomeRequest } from '../../../shared/api/outcome.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { decisionKeys } from '../../lib/query-keys.ts';

/** An outcome changes the decision's status: its details and the dashboard's cards reload. */
function refreshDecision(queryClient: QueryClient, decisionId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: decisionKeys.details(decisionId) }),
    queryClient.invalidateQueries({ queryKey: decisionKeys.list() }),
  ]);
}

/** PUT /api/decision/{id}/outcome: records what was decided, or replaces it. */
export function useRecordOutcome(decisionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: OutcomeRequest) =>
      apiRequest<Outcome>(`/api/decision/${decisionId}/outcome`, { method: 'PUT', json: request }),
    onSettled: () => refreshDecision(queryClient, decisionId),
  });
}

/** DELETE /api/decision/{id}/outcome: the decision goes back to closed (team) or open. */
export function useRemoveOutcome(decisionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<null>(`/api/decision/${decisionId}/outcome`, { method: 'DELETE' }),
    onSettled: () => refreshDecision(queryClient, decisionId),
  });
}

/**
 * The option the results put first (the first of a tie, in the options' order), or null while
 * nothing has a result: the dialog's default and what the banner compares the choice with.
 */
export function leadingOptionIdOf(details: Pick<DecisionDetails, 'results'>): number | null {
  return details.results.ranking.find((entry) => entry.is_top && entry.total !== null)?.option_id ?? null;
}

/** Today in the browser's zone, YYYY-MM-DD: the earliest review day the date input offers. */
export function localToday(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
