import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AiRecommendationRequest,
  AiRecommendationResponse,
  TeamAiRecommendationResponse,
} from '../../../shared/api/ai.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { decisionKeys } from '../decisions/decisions-api.ts';
import { teamKeys } from '../team/team-api.ts';

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
