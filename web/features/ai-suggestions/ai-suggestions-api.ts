import { useMutation } from '@tanstack/react-query';
import type { AiSuggestionsRequest, AiSuggestionsResponse } from '../../../shared/api/ai.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** POST /api/ai/suggestions: nothing is stored, so nothing needs refreshing afterwards. */
export function useAiSuggestions() {
  return useMutation({
    mutationFn: (request: AiSuggestionsRequest) =>
      apiRequest<AiSuggestionsResponse>('/api/ai/suggestions', { method: 'POST', json: request }),
  });
}
