import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import { workspaceInvitationPreviewSchema } from '../../../shared/api/workspaces.ts';
import { criteriaSetRoutes } from './criteria-set-routes.ts';
import { invitationRoutes } from './invitation-routes.ts';
import type { WorkspacesService } from './service.ts';
import { workspaceRoutes } from './workspace-routes.ts';

/** Workspaces (issue 29): signed-in callers only, but for the public preview of an invitation. */
export const workspacesRoutes: FastifyPluginAsyncZod<{
  workspacesService: WorkspacesService;
  perMinute: number;
}> = async (app, { workspacesService, perMinute }) => {
  const { acceptance } = workspacesService;
  app.get(
    '/api/workspaces/invitations/:token',
    {
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['workspaces'],
        params: z.object({ token: z.string().max(2000) }),
        response: { 200: workspaceInvitationPreviewSchema, 404: errorResponseSchema },
      },
    },
    async (request) => acceptance.preview(request.params.token),
  );

  await app.register(async (scope) => {
    scope.addHook('onRequest', app.authenticate);
    await scope.register(workspaceRoutes, { workspacesService });
    await scope.register(invitationRoutes, { workspacesService, perMinute });
    await scope.register(criteriaSetRoutes, { workspacesService });
  });
};
