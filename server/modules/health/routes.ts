import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readiness } from './readiness.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ readiness: Readiness }> = async (app, { readiness }) => {
  // Liveness. Registered only after migrations ran, so a 200 means the app is ready to serve.
  app.get(
    '/api/health',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  // Readiness for a load balancer: 503 from the moment shutdown begins, while requests still finish.
  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ status: z.literal('draining') }),
        },
      },
    },
    async (_request, reply) => {
      // A proxy or cache must never answer for the instance.
      reply.header('Cache-Control', 'no-store');
      return readiness.isDraining
        ? reply.status(503).send({ status: 'draining' as const })
        : { status: 'ready' as const };
    },
  );
};
