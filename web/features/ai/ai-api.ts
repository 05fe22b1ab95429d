import { useQuery } from '@tanstack/react-query';
import type {
  AiRecommendationRequest,
  AiRecommendationResponse,
  AiStatus,
  TeamAiRecommendationResponse,
} from '../../../shared/api/ai.ts';
import { apiRequest } from '../../lib/api-client.ts';

export const aiKeys = { status: ['ai', 'status'] as const };

/** Whether the server has an AI model; the setup changes only with a restart, so it is cached long. */
export function useAiStatusQuery() {
  return useQuery({
    queryKey: aiKeys.status,
    queryFn: () => apiRequest<AiStatus>('/api/ai/status'),
    staleTime: 5 * 60_000,
  });
}

export function requestRecommendation(request: AiRecommendationRequest) {
  return apiRequest<AiRecommendationResponse>('/api/ai/recommendation', { method: 'POST', json: request });
}

export function requestTeamRecommendation(decisionId: number, request: AiRecommendationRequest) {
  return apiRequest<TeamAiRecommendationResponse>(`/api/team-ai/recommendation/${decisionId}`, {
    method: 'POST',
    json: request,
  });
}
