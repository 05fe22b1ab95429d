import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decisionIdParamsSchema } from '../../../shared/api/decisions.ts';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import { outcomeRequestSchema, outcomeSchema } from '../../../shared/api/outcome.ts';
import { requireSession } from '../../plugins/auth.ts';
import { requireAccess } from '../decisions/index.ts';
import type { OutcomeService } from './service.ts';

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const common = { tags: ['decisions'], security: [{ bearerAuth: [] }], params: decisionIdParamsSchema };

/** The outcome of a decision: owner (personal); owner or admin once voting ended (team). */
export const outcomeRoutes: FastifyPluginAsyncZod<{ outcomeService: OutcomeService }> = async (
  app,
  { outcomeService },
) => {
  app.addHook('onRequest', app.authenticate);

  app.put(
    '/api/decision/:id/outcome',
    {
      schema: {
        ...common,
        description: 'Records what was decided (replacing an earlier outcome); the members are notified.',
        body: outcomeRequestSchema,
        response: { 200: outcomeSchema, ...refusals },
      },
      preHandler: app.decisionAccess('decide'),
    },
    async (request) =>
      outcomeService.record(requireAccess(request), requireSession(request).user, request.body),
  );

  app.delete(
    '/api/decision/:id/outcome',
    {
      schema: {
        ...common,
        description: 'Removes the outcome: 204, also when there was none.',
        response: { 204: z.null(), ...refusals },
      },
      preHandler: app.decisionAccess('decide'),
    },
    async (request, reply) => {
      await outcomeService.remove(requireAccess(request));
      return reply.status(204).send(null);
    },
  );
};
