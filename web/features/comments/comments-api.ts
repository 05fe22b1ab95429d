import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '../../../shared/api/comments.ts';
import type { MessageResponse } from '../../../shared/api/users.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { commentKeys } from '../../lib/query-keys.ts';
import type { CommentCell } from './comment-cells.ts';

export function useCommentsQuery(decisionId: number) {
  return useQuery({
    queryKey: commentKeys.forDecision(decisionId),
    queryFn: () => apiRequest<Comment[]>(`/api/comments/${decisionId}`),
  });
}

/** Adds a comment (id null; about `cell` when given) or changes the text of the caller's own one. */
export function useSaveComment(decisionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text, cell }: { id: number | null; text: string; cell?: CommentCell | null }) =>
      id === null
        ? apiRequest<Comment>('/api/comments', {
            method: 'POST',
            json: { decision_id: decisionId, text, ...cell },
          })
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
