import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarFeedParamsSchema, calendarFeedSchema } from '../../../shared/api/calendar.ts';
import { decisionIdParamsSchema } from '../../../shared/api/decisions.ts';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { requireSession } from '../../plugins/auth.ts';
import { requireAccess } from '../decisions/index.ts';
import { contentDisposition } from '../export/index.ts';
import type { CalendarFile, CalendarService } from './service.ts';

const ICS_TYPE = 'text/calendar; charset=utf-8';
const authenticated = { security: [{ bearerAuth: [] }], tags: ['calendar'] };

/** Whether the client's cached copy (If-None-Match) is still the current file. */
function isStillCurrent(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends an .ics file: revalidated on every fetch (no-cache with an ETag, so a polling calendar costs a
 * 304 when nothing changed), never stored by shared caches, never indexed.
 */
function sendCalendar(request: FastifyRequest, reply: FastifyReply, file: CalendarFile, disposition: string) {
  reply
    .header('Cache-Control', 'private, no-cache')
    .header('ETag', file.etag)
    .header('X-Robots-Tag', 'noindex, nofollow, noarchive')
    .header('Referrer-Policy', 'no-referrer');
  if (isStillCurrent(request, file.etag)) return reply.status(304).send();
  return reply.type(ICS_TYPE).header('Content-Disposition', disposition).send(file.body);
}

/** The calendar feed (issue 32): the signed-in user's feed URL and its reset, the feed, one decision's file. */
export const calendarRoutes: FastifyPluginAsyncZod<{ calendarService: CalendarService }> = async (
  app,
  { calendarService },
) => {
  app.get(
    '/api/users/me/calendar',
    {
      onRequest: app.authenticate,
      schema: {
        ...authenticated,
        summary: 'Your calendar feed URL',
        description:
          'The secret URL of your calendar feed, made on first use. Anyone holding it reads your deadlines and review days without signing in; it is no sign-in credential.',
        response: { 200: calendarFeedSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ url: await calendarService.feedUrl(requireSession(request).user.id) }),
  );

  app.post(
    '/api/users/me/calendar/reset',
    {
      onRequest: app.authenticate,
      schema: {
        ...authenticated,
        summary: 'Reset your calendar feed URL',
        description: 'A new secret URL; the old one answers 404 from now on.',
        response: { 200: calendarFeedSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ url: await calendarService.resetFeed(requireSession(request).user.id) }),
  );

  app.get(
    '/api/calendar/:token.ics',
    {
      config: { rateLimit: { max: LIMITS.calendar.feedPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['calendar'],
        summary: 'A calendar feed (iCalendar)',
        description:
          'RFC 5545 feed in its owner’s language: the deadline of every team decision they can see and the review day of every outcome they own (all-day). The token in the path is the only credential; unknown or reset tokens answer 404.',
        params: calendarFeedParamsSchema,
        produces: ['text/calendar'],
        response: { 404: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) =>
      sendCalendar(
        request,
        reply,
        await calendarService.feed(request.params.token),
        'inline; filename="decision-compass.ics"',
      ),
  );

  app.get(
    '/api/decision/:id/calendar.ics',
    {
      onRequest: app.authenticate,
      preHandler: app.decisionAccess('view'),
      schema: {
        ...authenticated,
        summary: 'A decision’s deadline as a calendar file',
        description:
          'One event at the deadline (same visibility as the details). A decision without a deadline answers 404 NO_DEADLINE.',
        params: decisionIdParamsSchema,
        produces: ['text/calendar'],
        response: { 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const access = requireAccess(request);
      const file = calendarService.decisionFile(access, request.language);
      return sendCalendar(request, reply, file, contentDisposition(access.decision.name, 'ics'));
    },
  );
};
