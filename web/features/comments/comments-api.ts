import { useQuery } from '@tanstack/react-query';
import type { Comment } from '../../../shared/api/comments.ts';
import { apiRequest } from '../../lib/api-client.ts';

export const commentKeys = {
  forDecision: (decisionId: number) => ['comments', decisionId] as const,
};

export function useCommentsQuery(decisionId: number) {
  return useQuery({
    queryKey: commentKeys.forDecision(decisionId),
    queryFn: () => apiRequest<Comment[]>(`/api/comments/${decisionId}`),
  });
}

export function postComment(decisionId: number, text: string) {
  return apiRequest<Comment>('/api/comments', { method: 'POST', json: { decision_id: decisionId, text } });
}

export function updateComment(commentId: number, text: string) {
  return apiRequest<Comment>(`/api/comments/${commentId}`, { method: 'PUT', json: { text } });
}

export function deleteComment(commentId: number) {
  return apiRequest<{ message: string }>(`/api/comments/${commentId}`, { method: 'DELETE' });
}
