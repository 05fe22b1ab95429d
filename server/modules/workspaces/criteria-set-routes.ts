import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  criteriaSetRequestSchema,
  criteriaSetSchema,
  workspaceCriteriaSetParamsSchema,
  workspaceIdParamsSchema,
} from '../../../shared/api/workspaces.ts';
import { requireSession } from '../../plugins/auth.ts';
import { presentCriteriaSet } from './presenter.ts';
import type { WorkspacesService } from './service.ts';
import { common, noContent, refusals } from './route-schemas.ts';

/** Shared criteria sets of a workspace (signed-in callers). */
export const criteriaSetRoutes: FastifyPluginAsyncZod<{
  workspacesService: WorkspacesService;
}> = async (api, { workspacesService }) => {
  const { criteriaSets } = workspacesService;
  api.get(
    '/api/workspaces/:id/criteria-sets',
    {
      schema: {
        ...common,
        params: workspaceIdParamsSchema,
        response: { 200: z.array(criteriaSetSchema), ...refusals },
      },
    },
    async (request) =>
      (await criteriaSets.list(requireSession(request).user, request.params.id)).map(presentCriteriaSet),
  );

  api.post(
    '/api/workspaces/:id/criteria-sets',
    {
      schema: {
        ...common,
        params: workspaceIdParamsSchema,
        body: criteriaSetRequestSchema,
        response: { 201: criteriaSetSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const created = await criteriaSets.create(
        requireSession(request).user,
        request.params.id,
        request.body,
      );
      return reply.status(201).send(presentCriteriaSet(created));
    },
  );

  api.put(
    '/api/workspaces/:id/criteria-sets/:setId',
    {
      schema: {
        ...common,
        params: workspaceCriteriaSetParamsSchema,
        body: criteriaSetRequestSchema,
        response: { 200: criteriaSetSchema, ...refusals },
      },
    },
    async (request) => {
      const { id, setId } = request.params;
      return presentCriteriaSet(
        await criteriaSets.update(requireSession(request).user, id, setId, request.body),
      );
    },
  );

  api.delete(
    '/api/workspaces/:id/criteria-sets/:setId',
    { schema: { ...common, params: workspaceCriteriaSetParamsSchema, response: noContent } },
    async (request, reply) => {
      const { id, setId } = request.params;
      await criteriaSets.delete(requireSession(request).user, id, setId);
      return reply.status(204).send(null);
    },
  );
};
