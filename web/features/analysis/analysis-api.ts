import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalysisResponse } from '../../../shared/api/analysis.ts';
import type { Decision, UpdateDecisionRequest } from '../../../shared/api/decisions.ts';
import type { MessageResponse } from '../../../shared/api/users.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { decisionKeys, teamKeys } from '../../lib/query-keys.ts';

/**
 * Under the details' key on purpose: whatever invalidates a decision's details (its mutations, the live
 * `decision-changed` event, a reconnect) reaches its analysis too, so the two never disagree for long.
 */
export function analysisKey(decisionId: number) {
  return [...decisionKeys.details(decisionId), 'analysis'] as const;
}

function fetchAnalysis(decisionId: number) {
  return apiRequest<AnalysisResponse>(`/api/decision/${decisionId}/analysis`);
}

export function useAnalysisQuery(decisionId: number) {
  return useQuery({
    queryKey: analysisKey(decisionId),
    queryFn: () => fetchAnalysis(decisionId),
    // The team edit page puts its save's answer into the details cache without an invalidation, so a
    // cached analysis may be older than the details it is shown with: load it again on every visit.
    refetchOnMount: 'always',
  });
}

/** "Use these weights" by the owner of a personal decision: the importances, nothing else. */
export function useSaveImportances(decisionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UpdateDecisionRequest) =>
      apiRequest<Decision>(`/api/decision/${decisionId}`, { method: 'PUT', json: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: decisionKeys.all }),
  });
}

/** "Use these weights" by a voter of a team decision: their own weights (the team weight is the mean). */
export function useSaveOwnWeights(decisionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { weights: { criterion_id: number; weight: number }[] }) =>
      apiRequest<MessageResponse & { score: number | null }>(`/api/decision/${decisionId}/weights`, {
        method: 'POST',
        json: request,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: decisionKeys.details(decisionId) }),
        // Submitted weights may complete an AI-mode vote: the team status changes too.
        queryClient.invalidateQueries({ queryKey: teamKeys.members(decisionId) }),
        queryClient.invalidateQueries({ queryKey: decisionKeys.list() }),
      ]),
  });
}
