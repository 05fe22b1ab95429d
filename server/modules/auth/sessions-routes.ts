import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import { resourceIdSchema } from '../../../shared/api/ids.ts';
import { signedInSessionsSchema } from '../../../shared/api/sessions.ts';
import { requireSignedInSession } from '../../plugins/auth.ts';
import { presentSession } from './presenter.ts';
import type { AuthService } from './service.ts';

const common = { tags: ['users'], security: [{ bearerAuth: [] }] };
// Sessions are managed by a signed-in session only, never by an API token (issue 32).
const config = { sessionOnly: true };

/** "Where you're signed in" (issue 28): the caller's sessions, and ending them. */
export const sessionsRoutes: FastifyPluginAsyncZod<{ authService: AuthService }> = async (
  app,
  { authService },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/users/me/sessions',
    { config, schema: { ...common, response: { 200: signedInSessionsSchema, 401: errorResponseSchema } } },
    async (request) => (await authService.listSessions(requireSignedInSession(request))).map(presentSession),
  );

  app.delete(
    '/api/users/me/sessions/:id',
    {
      config,
      schema: {
        ...common,
        description: "Ends one of the caller's sessions (the current one signs out); another's id: 404.",
        params: z.object({ id: resourceIdSchema }),
        response: {
          204: z.null(),
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await authService.endSession(requireSignedInSession(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/users/me/sessions',
    {
      config,
      schema: {
        ...common,
        description: 'Ends every session of the caller but the current one.',
        response: { 204: z.null(), 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await authService.endOtherSessions(requireSignedInSession(request));
      return reply.status(204).send(null);
    },
  );
};
