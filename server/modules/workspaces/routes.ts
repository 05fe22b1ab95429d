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
  // The preview answers at the path and at an alias: `/api/workspaces/invitations/{token}` is
  // ambiguous beside `/api/workspaces/{id}/…` for OpenAPI tools (Redocly's no-ambiguous-paths), so the
  // document lists the alias and hides the original, which the web app and old links keep using.
  const previewPaths = [
    { url: '/api/workspaces/invitations/:token', hide: true },
    { url: '/api/workspace-invitations/:token', hide: false },
  ];
  for (const { url, hide } of previewPaths) {
    app.get(
      url,
      {
        config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
        schema: {
          hide,
          tags: ['workspaces'],
          summary: 'Preview a workspace invitation',
          params: z.object({ token: z.string().max(2000) }),
          response: { 200: workspaceInvitationPreviewSchema, 404: errorResponseSchema },
        },
      },
      async (request) => acceptance.preview(request.params.token),
    );
  }

  await app.register(async (scope) => {
    scope.addHook('onRequest', app.authenticate);
    await scope.register(workspaceRoutes, { workspacesService });
    await scope.register(invitationRoutes, { workspacesService, perMinute });
    await scope.register(criteriaSetRoutes, { workspacesService });
  });
};
