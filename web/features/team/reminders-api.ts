import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RemindResponse } from '../../../shared/api/reminders.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { decisionKeys } from '../../lib/query-keys.ts';

/**
 * POST /api/decision/{id}/remind. Either way the details reload: they say until when the next
 * reminder waits (also after a 429, when another owner or admin was quicker).
 */
export function useRemindVoters(decisionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<RemindResponse>(`/api/decision/${decisionId}/remind`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: decisionKeys.details(decisionId) }),
  });
}
