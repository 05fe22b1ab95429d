import type { FastifyPluginAsync } from 'fastify';
import { requireSession } from '../plugins/auth.ts';
import type { AppEvent, EventBus } from './event-bus.ts';

const KEEP_ALIVE_MS = 25_000;

/**
 * GET /api/events: a Server-Sent Events stream of the signed-in user's notifications and
 * decision changes. The web client reads it with fetch, so the bearer header works as everywhere.
 */
export const eventsRoutes: FastifyPluginAsync<{ eventBus: EventBus }> = async (app, { eventBus }) => {
  const openStreams = new Set<() => void>();
  // Streams never finish by themselves: end them first so graceful shutdown can complete.
  app.addHook('preClose', async () => {
    for (const end of openStreams) end();
  });

  app.get('/api/events', { onRequest: app.authenticate, schema: { tags: ['events'] } }, (request, reply) => {
    const userId = requireSession(request).user.id;
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    const send = (event: AppEvent) =>
      stream.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    stream.write(`event: ready\ndata: {}\n\n`);
    const unsubscribe = eventBus.subscribe(userId, send);
    const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    const end = () => {
      clearInterval(keepAlive);
      unsubscribe();
      openStreams.delete(end);
      if (!stream.writableEnded) stream.end();
    };
    openStreams.add(end);
    request.raw.on('close', end);
  });
};
