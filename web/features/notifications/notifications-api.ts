import { useQuery } from '@tanstack/react-query';
import type { Notification } from '../../../shared/api/team.ts';
import { apiRequest } from '../../lib/api-client.ts';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};

/** Newest first; anything that is not a list counts as empty (SPEC.md section 7). */
export async function fetchNotifications(): Promise<Notification[]> {
  const list = await apiRequest<unknown>('/api/notifications');
  return Array.isArray(list) ? (list as Notification[]) : [];
}

export function markNotificationRead(id: number) {
  return apiRequest<{ message: string }>(`/api/notifications/${id}/read`, { method: 'PUT' });
}

export function markAllNotificationsRead() {
  return apiRequest<{ message: string }>('/api/notifications/read-all', { method: 'PUT' });
}

/** Accepts the invitation behind a notification; the server marks it read. */
export function acceptFromNotification(id: number) {
  return apiRequest<{ message: string; decision_id: number }>(`/api/notifications/${id}/accept`, {
    method: 'POST',
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
