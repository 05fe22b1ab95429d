import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiTokenListSchema,
  createApiTokenRequestSchema,
  createdApiTokenSchema,
} from '../../../shared/api/api-tokens.ts';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import { resourceIdSchema } from '../../../shared/api/ids.ts';
import { requireSignedInSession } from '../../plugins/auth.ts';
import { perUserRateLimit } from '../../plugins/rate-limit.ts';
import { presentApiToken } from './presenter.ts';
import type { ApiTokensService } from './service.ts';

const common = { tags: ['tokens'], security: [{ bearerAuth: [] }] };
// A token never manages tokens: only the user's signed-in session does (403 API_TOKEN_NOT_ALLOWED).
const config = { sessionOnly: true };

/** Personal access tokens (issue 32): create (shown once), list, revoke. */
export const apiTokensRoutes: FastifyPluginAsyncZod<{
  apiTokensService: ApiTokensService;
  perMinute: number;
}> = async (app, { apiTokensService, perMinute }) => {
  app.addHook('onRequest', app.authenticate);
  const limitCreation = perUserRateLimit(app, [{ max: perMinute, timeWindow: '1 minute' }]);

  app.post(
    '/api/tokens',
    {
      config,
      preHandler: limitCreation,
      schema: {
        ...common,
        summary: 'Create an API token',
        description:
          'A personal access token (`dc_pat_…`) for `Authorization: Bearer`. The token is in this answer only; the server keeps its SHA-256. Without `expires_in_days` it never expires.',
        body: createApiTokenRequestSchema,
        response: {
          201: createdApiTokenSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const created = await apiTokensService.create(requireSignedInSession(request).user.id, request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/tokens',
    {
      config,
      schema: {
        ...common,
        summary: 'List API tokens',
        description: "The caller's tokens, newest first: never the token itself.",
        response: { 200: apiTokenListSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) =>
      (await apiTokensService.list(requireSignedInSession(request).user.id)).map(presentApiToken),
  );

  app.delete(
    '/api/tokens/:id',
    {
      config,
      schema: {
        ...common,
        summary: 'Revoke an API token',
        description: "Requests with the token get 401 from now on. Another user's token id: 404.",
        params: z.object({ id: resourceIdSchema }),
        response: {
          204: z.null(),
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await apiTokensService.revoke(requireSignedInSession(request).user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
