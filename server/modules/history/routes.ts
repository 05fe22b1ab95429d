import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decisionDetailsSchema, decisionIdParamsSchema } from '../../../shared/api/decisions.ts';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import {
  decisionVersionSchema,
  historyPageSchema,
  historyQuerySchema,
  restoreRequestSchema,
  versionParamsSchema,
} from '../../../shared/api/history.ts';
import { requireSession } from '../../plugins/auth.ts';
import { presentDetails, requireAccess, type DecisionsService } from '../decisions/index.ts';
import type { HistoryService } from './service.ts';

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const common = { tags: ['decisions'], security: [{ bearerAuth: [] }] };

/** Issue 30: a decision's history (read only: no endpoint changes or deletes it), versions and restore. */
export const historyRoutes: FastifyPluginAsyncZod<{
  historyService: HistoryService;
  decisionsService: DecisionsService;
}> = async (app, { historyService, decisionsService }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/decision/:id/history',
    {
      schema: {
        ...common,
        description:
          'The history, newest first: `before` an entry id, `limit` 1–100 (default 100; larger is capped).',
        params: decisionIdParamsSchema,
        querystring: historyQuerySchema,
        response: { 200: historyPageSchema, ...refusals },
      },
      preHandler: app.decisionAccess('view'),
    },
    async (request) => historyService.page(requireAccess(request), request.query, request.language),
  );

  app.get(
    '/api/decision/:id/versions/:versionId',
    {
      schema: {
        ...common,
        description: "A personal decision's matrix and ranking right after one save.",
        params: versionParamsSchema,
        response: { 200: decisionVersionSchema, ...refusals },
      },
      preHandler: app.decisionAccess('view'),
    },
    async (request) => historyService.version(requireAccess(request), request.params.versionId),
  );

  app.post(
    '/api/decision/:id/restore',
    {
      schema: {
        ...common,
        description:
          "Brings back a personal decision's matrix as the save of `entry_id` left it (owner only); answers the details.",
        params: decisionIdParamsSchema,
        body: restoreRequestSchema,
        response: { 200: decisionDetailsSchema, ...refusals },
      },
      preHandler: app.decisionAccess('view'),
    },
    async (request) => {
      await historyService.restore(requireAccess(request), request.body.entry_id);
      // The details as GET …/details answers them, read after the restore committed.
      const access = await decisionsService.loadAccess(request.params.id, requireSession(request).user.id);
      return presentDetails(access, await decisionsService.details(access), request.language);
    },
  );
};
