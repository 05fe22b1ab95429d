import { z } from 'zod';

/**
 * GET /api/users/me/calendar and POST /api/users/me/calendar/reset (issue 32): the caller's secret
 * calendar feed URL, `{APP_URL}/api/calendar/{token}.ics`. Whoever holds it reads the deadlines and
 * review days of the owner's decisions (no other auth); a reset makes the old URL answer 404.
 */
export const calendarFeedSchema = z.object({ url: z.string() });

export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** The feed's path parameter: anything up to 200 characters; an unknown token answers 404, never 400. */
export const calendarFeedParamsSchema = z.object({ token: z.string().max(200) });
