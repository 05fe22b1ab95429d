import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptWorkspaceInvitationRequestSchema,
  acceptWorkspaceInvitationResponseSchema,
  inviteToWorkspaceRequestSchema,
  inviteToWorkspaceResponseSchema,
  workspaceIdParamsSchema,
  workspaceInvitationParamsSchema,
} from '../../../shared/api/workspaces.ts';
import { requireSession } from '../../plugins/auth.ts';

import type { WorkspacesService } from './service.ts';
import { common, mailRefusedSchema, noContent, refusals } from './route-schemas.ts';

/** Invitations to a workspace and accepting one (signed-in callers). */
export const invitationRoutes: FastifyPluginAsyncZod<{
  workspacesService: WorkspacesService;
  perMinute: number;
}> = async (api, { workspacesService, perMinute }) => {
  const { invitations, acceptance } = workspacesService;
  api.post(
    '/api/workspaces/:id/invitations',
    {
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        ...common,
        params: workspaceIdParamsSchema,
        body: inviteToWorkspaceRequestSchema,
        description:
          'Re-inviting a pending address renews its invitation (new token and expiry); within an hour of the last mail it answers 429 WORKSPACE_INVITATION_MAIL_TOO_SOON with next_mail_at.',
        response: { 201: inviteToWorkspaceResponseSchema, ...refusals, 429: mailRefusedSchema },
      },
    },
    async (request, reply) => {
      const sent = await invitations.invite(
        requireSession(request).user,
        request.params.id,
        request.body,
        request.language,
      );
      return reply.status(201).send({ id: sent.id, invite_token: sent.token });
    },
  );

  api.post(
    '/api/workspaces/:id/invitations/:invitationId/resend',
    {
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        ...common,
        params: workspaceInvitationParamsSchema,
        response: { 200: inviteToWorkspaceResponseSchema, ...refusals, 429: mailRefusedSchema },
      },
    },
    async (request) => {
      const { id, invitationId } = request.params;
      const sent = await invitations.resend(requireSession(request).user, id, invitationId, request.language);
      return { id: sent.id, invite_token: sent.token };
    },
  );

  api.delete(
    '/api/workspaces/:id/invitations/:invitationId',
    { schema: { ...common, params: workspaceInvitationParamsSchema, response: noContent } },
    async (request, reply) => {
      const { id, invitationId } = request.params;
      await invitations.revoke(requireSession(request).user, id, invitationId);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/workspaces/accept',
    {
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        ...common,
        body: acceptWorkspaceInvitationRequestSchema,
        response: { 200: acceptWorkspaceInvitationResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const accepted = await acceptance.accept(request.body.invite_token, requireSession(request).user);
      return { workspace_id: accepted.workspaceId };
    },
  );
};
