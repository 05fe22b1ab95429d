import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignedInSession } from '../../../shared/api/sessions.ts';
import { apiRequest } from '../../lib/api-client.ts';

const sessionKeys = { list: ['sessions', 'list'] as const };

/** GET /api/users/me/sessions: most recently used first. */
export function useSignedInSessionsQuery() {
  return useQuery({
    queryKey: sessionKeys.list,
    queryFn: () => apiRequest<SignedInSession[]>('/api/users/me/sessions'),
  });
}

/** Ends one session (the current one signs this browser out); the list is read again. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/api/users/me/sessions/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.list }),
  });
}

/** "Sign out everywhere else". */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<null>('/api/users/me/sessions', { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.list }),
  });
}
