import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AiRecommendationRequest,
  AiRecommendationResponse,
  AiStatus,
  TeamAiRecommendationResponse,
} from '../../../shared/api/ai.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { aiKeys, decisionKeys, teamKeys } from '../../lib/query-keys.ts';

/** What the form answers when the AI is started. */
export type AiRequestPreparation =
  /** Ready: what to ask, and how to write the answer into the grid of exactly these rows. */
  | { kind: 'ready'; request: AiRecommendationRequest; fill: (result: AiRecommendationResponse) => void }
  /** The form shows its own errors. */
  | { kind: 'invalid' }
  /** Something the panel explains (e.g. the description is missing). */
  | { kind: 'blocked'; reason: string };

export function requestRecommendation(request: AiRecommendationRequest) {
  return apiRequest<AiRecommendationResponse>('/api/ai/recommendation', { method: 'POST', json: request });
}

/** The team AI run stores its values on the decision (and completes it), whatever the outcome shows. */
export function useTeamAiRecommendation(decisionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AiRecommendationRequest) =>
      apiRequest<TeamAiRecommendationResponse>(`/api/team-ai/recommendation/${decisionId}`, {
        method: 'POST',
        json: request,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: decisionKeys.details(decisionId) }),
        queryClient.invalidateQueries({ queryKey: teamKeys.members(decisionId) }),
        queryClient.invalidateQueries({ queryKey: decisionKeys.list() }),
      ]),
  });
}

/** Whether the server has an AI model; the setup changes only with a restart, so it is cached long. */
export function useAiStatusQuery() {
  return useQuery({
    queryKey: aiKeys.status,
    queryFn: () => apiRequest<AiStatus>('/api/ai/status'),
    staleTime: 5 * 60_000,
  });
}

/**
 * True once the server said it has no AI model. While the answer is pending or could not be read, AI
 * stays offered: trying then gets the server's own answer.
 */
export function useIsAiUnavailable(): boolean {
  return useAiStatusQuery().data?.available === false;
}
