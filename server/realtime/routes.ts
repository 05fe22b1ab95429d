import type { FastifyPluginAsync } from 'fastify';
import { requireSignedInSession } from '../plugins/auth.ts';
import type { AppEvent, EventBus } from './event-bus.ts';
import { endsSession, type EndReason, type SessionStreams } from './session-streams.ts';

const KEEP_ALIVE_MS = 25_000;

/**
 * GET /api/events: a Server-Sent Events stream of the signed-in user's notifications and
 * decision changes. The web client reads it with fetch, so the bearer header works as everywhere.
 * Each stream belongs to its session and ends with it (logout, password change or reset).
 */
export const eventsRoutes: FastifyPluginAsync<{
  eventBus: EventBus;
  sessionStreams: SessionStreams;
}> = async (app, { eventBus, sessionStreams }) => {
  // Streams never finish by themselves: end them first so graceful shutdown can complete.
  app.addHook('preClose', async () => sessionStreams.endAll());

  // Session-only (issue 32): a stream belongs to a session and ends with it; an API token gets 403.
  const options = {
    onRequest: app.authenticate,
    config: { sessionOnly: true },
    schema: {
      tags: ['events'],
      summary: 'Live events (Server-Sent Events)',
      security: [{ bearerAuth: [] }],
      produces: ['text/event-stream'],
    },
  };
  app.get('/api/events', options, (request, reply) => {
    const { user, sessionId } = requireSignedInSession(request);
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // Personal, like every API answer (plugins/security.ts); no-transform keeps proxies from buffering.
      'Cache-Control': 'no-store, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    stream.write(`event: ready\ndata: {}\n\n`);
    const onEvent = (event: AppEvent) => {
      // Ended sessions announced by any instance; never forwarded to the client.
      if (event.type === 'session-ended') {
        if (endsSession(event.data, sessionId)) end('session-ended');
        return;
      }
      stream.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    };
    const unsubscribe = eventBus.subscribe(user.id, onEvent);
    const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    let unregister = () => {};
    const end = (reason?: EndReason) => {
      // A replaced stream's tab waits until it is looked at again instead of reconnecting at once,
      // which would in turn replace another tab's stream.
      if (reason === 'replaced' && !stream.writableEnded) stream.write(`event: replaced\ndata: {}\n\n`);
      clearInterval(keepAlive);
      unsubscribe();
      unregister();
      if (!stream.writableEnded) stream.end();
    };
    unregister = sessionStreams.open(user.id, sessionId, end);
    request.raw.on('close', () => end());
  });
};
