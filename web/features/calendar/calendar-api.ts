import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '../../../shared/api/calendar.ts';
import { apiRequest, apiResponse } from '../../lib/api-client.ts';
import { calendarKeys } from '../../lib/query-keys.ts';
import { saveResponseAsFile } from '../export/export-api.ts';

/** The caller's secret feed URL; the server makes it on the first call. */
export function useCalendarFeedQuery() {
  return useQuery({
    queryKey: calendarKeys.feed,
    queryFn: () => apiRequest<CalendarFeed>('/api/users/me/calendar'),
  });
}

/** A new feed URL; the old one stops working at once. */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CalendarFeed>('/api/users/me/calendar/reset', { method: 'POST' }),
    onSuccess: (feed) => queryClient.setQueryData(calendarKeys.feed, feed),
  });
}

/** Fetches the decision's .ics with the session's bearer token (a plain link cannot send it). */
export async function downloadDecisionCalendar(decisionId: number): Promise<void> {
  const response = await apiResponse(`/api/decision/${decisionId}/calendar.ics`);
  await saveResponseAsFile(response, `decision-${decisionId}.ics`);
}
