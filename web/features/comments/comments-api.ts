import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '../../../shared/api/comments.ts';
import type { MessageResponse } from '../../../shared/api/users.ts';
import { apiRequest } from '../../lib/api-client.ts';

export const commentKeys = {
  all: ['comments'] as const,
  forDecision: (decisionId: number) => ['comments', decisionId] as const,
};

export function useCommentsQuery(decisionId: number) {
  return useQuery({
    queryKey: commentKeys.forDecision(decisionId),
    queryFn: () => apiRequest<Comment[]>(`/api/comments/${decisionId}`),
  });
}

/** Adds a comment (id null) or changes the caller's own one. */
export function useSaveComment(decisionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: number | null; text: string }) =>
      id === null
        ? apiRequest<Comment>('/api/comments', { method: 'POST', json: { decision_id: decisionId, text } })
        : apiRequest<Comment>(`/api/comments/${id}`, { method: 'PUT', json: { text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentKeys.forDecision(decisionId) }),
  });
}

export function useDeleteComment(decisionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: number) =>
      apiRequest<MessageResponse>(`/api/comments/${commentId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentKeys.forDecision(decisionId) }),
  });
}
