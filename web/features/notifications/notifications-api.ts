import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptInvitationResponse, Notification } from '../../../shared/api/team.ts';
import type { MessageResponse } from '../../../shared/api/users.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { decisionKeys, notificationKeys } from '../../lib/query-keys.ts';

/** Newest first; anything that is not a list counts as empty (SPEC.md section 7). */
export async function fetchNotifications(): Promise<Notification[]> {
  const list = await apiRequest<unknown>('/api/notifications');
  return Array.isArray(list) ? (list as Notification[]) : [];
}

/** Fire and forget: the server pushes the new unread count to the bell over the live event stream. */
export function markNotificationRead(id: number) {
  return apiRequest<MessageResponse>(`/api/notifications/${id}/read`, { method: 'PUT' });
}

/**
 * Marks everything read. The variables are the invitations that could be accepted before, so a page
 * can keep their Accept buttons (the server offers Accept only on unread ones).
 */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (acceptableIds: ReadonlySet<number>) => {
      await apiRequest<MessageResponse>('/api/notifications/read-all', { method: 'PUT' });
      return acceptableIds;
    },
    onSuccess: () =>
      queryClient.setQueryData<Notification[]>(notificationKeys.list(), (list) =>
        list?.map((notification) => ({ ...notification, read: true })),
      ),
  });
}

/** Accepts the invitation behind a notification; the server marks it read. */
export function useAcceptFromNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<AcceptInvitationResponse>(`/api/notifications/${id}/accept`, { method: 'POST' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
        queryClient.invalidateQueries({ queryKey: decisionKeys.list() }),
      ]),
  });
}

export function useNotificationsQuery(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: fetchNotifications,
    staleTime: 10_000,
    enabled: options.enabled ?? true,
  });
}
