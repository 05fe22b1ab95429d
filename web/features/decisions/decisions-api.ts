import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateDecisionRequest,
  Decision,
  DecisionDetails,
  DecisionListItem,
  EvaluateRequest,
  UpdateDecisionRequest,
} from '../../../shared/api/decisions.ts';
import type { MessageResponse } from '../../../shared/api/users.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { decisionKeys } from '../../lib/query-keys.ts';

/** The list is de-duplicated by id (SPEC.md section 7), newest first as the server sends it. */
export async function fetchDecisions(): Promise<DecisionListItem[]> {
  const decisions = await apiRequest<DecisionListItem[]>('/api/decision');
  const seen = new Set<number>();
  return decisions.filter((decision) => !seen.has(decision.id) && seen.add(decision.id));
}

export function fetchDecisionDetails(id: number) {
  return apiRequest<DecisionDetails>(`/api/decision/${id}/details`);
}

export function fetchDecisionType(id: number) {
  return apiRequest<{ is_team: boolean }>(`/api/decision/${id}/type`);
}

export function saveEvaluations(id: number, request: EvaluateRequest) {
  return apiRequest<{ message: string; score: number | null }>(`/api/decision/${id}/evaluate`, {
    method: 'POST',
    json: request,
  });
}

export function useDecisionsQuery() {
  return useQuery({ queryKey: decisionKeys.list(), queryFn: fetchDecisions });
}

export function useDecisionDetailsQuery(id: number) {
  return useQuery({
    queryKey: decisionKeys.details(id),
    queryFn: () => fetchDecisionDetails(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useCreateDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: CreateDecisionRequest) =>
      apiRequest<Decision>('/api/decision', { method: 'POST', json: decision }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: decisionKeys.all }),
  });
}

export function useUpdateDecision(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: UpdateDecisionRequest) =>
      apiRequest<Decision>(`/api/decision/${id}`, { method: 'PUT', json: decision }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: decisionKeys.all }),
  });
}

/**
 * Deletes a decision. `onDeleted` runs before the decision leaves the cache, so a page showing it can
 * navigate away first instead of loading it again and showing "not found".
 */
export function useDeleteDecision({
  onDeleted,
}: { onDeleted?: (response: MessageResponse) => void | Promise<void> } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<MessageResponse>(`/api/decision/${id}`, { method: 'DELETE' }),
    onSuccess: async (response, id) => {
      await onDeleted?.(response);
      queryClient.removeQueries({ queryKey: decisionKeys.details(id) });
      await queryClient.invalidateQueries({ queryKey: decisionKeys.list() });
    },
  });
}

/** The route parameter as a decision id, or NaN for anything that cannot be one. */
export function parseDecisionId(param: string | undefined): number {
  return param && /^\d+$/.test(param) ? Number(param) : Number.NaN;
}

/** Saves the caller's own scores (the older evaluation screen); every decision query refreshes after. */
export function useSaveEvaluations(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: EvaluateRequest) => saveEvaluations(id, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: decisionKeys.all }),
  });
}
