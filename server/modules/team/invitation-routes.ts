import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decisionIdParamsSchema, teamMemberSchema } from '../../../shared/api/decisions.ts';
import { resourceIdSchema } from '../../../shared/api/ids.ts';
import {
  acceptInvitationRequestSchema,
  acceptInvitationResponseSchema,
  changeRoleRequestSchema,
  inviteRefusedSchema,
  inviteRequestSchema,
  inviteResponseSchema,
} from '../../../shared/api/team.ts';
import { messageResponseSchema } from '../../../shared/api/users.ts';
import { translate } from '../../i18n.ts';
import { requireSession } from '../../plugins/auth.ts';
import { requireAccess, type DecisionsService } from '../decisions/index.ts';
import { presentAcceptResult, presentInviteResult, presentMemberList } from './presenter.ts';
import { common, memberParams, refusals } from './route-schemas.ts';
import type { TeamService } from './service.ts';

/** Invitations and members (signed-in callers only: registered inside the team routes' protected scope). */
export const invitationRoutes: FastifyPluginAsyncZod<{
  teamService: TeamService;
  decisionsService: DecisionsService;
  perMinute: number;
}> = async (app, { teamService, decisionsService, perMinute }) => {
  app.post(
    '/api/team/invite',
    {
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        ...common,
        body: inviteRequestSchema,
        description:
          'Sending to an address again within an hour (same decision) answers 429 INVITATION_MAIL_TOO_SOON with next_mail_at; the invitation stays valid.',
        response: { 201: inviteResponseSchema, ...refusals, 429: inviteRefusedSchema },
      },
      preHandler: app.decisionAccess('invite', { body: 'decision_id' }),
    },
    async (request, reply) => {
      const { user } = requireSession(request);
      const access = requireAccess(request);
      const created = await teamService.invite(access, user, request.body, request.language);
      return reply.status(201).send(presentInviteResult(request.language, created));
    },
  );

  app.post(
    '/api/team/accept',
    {
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        ...common,
        body: acceptInvitationRequestSchema,
        response: { 200: acceptInvitationResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const accepted = await teamService.accept(request.body.invite_token, requireSession(request).user);
      return presentAcceptResult(request.language, accepted);
    },
  );

  app.get(
    '/api/team/team-members/:id',
    {
      schema: {
        ...common,
        params: decisionIdParamsSchema,
        response: { 200: z.array(teamMemberSchema), ...refusals },
      },
      preHandler: app.decisionAccess('view'),
    },
    async (request) => {
      const access = requireAccess(request);
      const details = await decisionsService.details(access);
      return presentMemberList(details, request.language, access);
    },
  );

  app.put(
    '/api/team/:decisionId/members/:userId',
    {
      schema: {
        ...common,
        params: memberParams,
        body: changeRoleRequestSchema,
        response: { 200: messageResponseSchema, ...refusals },
      },
      preHandler: app.decisionAccess('manageMembers', { params: 'decisionId' }),
    },
    async (request) => {
      const access = requireAccess(request);
      await teamService.changeRole(access, request.params.userId, request.body.role);
      return { message: translate(request.language, 'api.roleChanged') };
    },
  );

  app.delete(
    '/api/team/:decisionId/members/:userId',
    {
      schema: { ...common, params: memberParams, response: { 200: messageResponseSchema, ...refusals } },
      preHandler: app.decisionAccess('manageMembers', { params: 'decisionId' }),
    },
    async (request) => {
      const access = requireAccess(request);
      await teamService.removeMember(access, request.params.userId);
      return { message: translate(request.language, 'api.memberRemoved') };
    },
  );

  app.delete(
    '/api/team/:decisionId/invitations/:invitationId',
    {
      schema: {
        ...common,
        params: z.object({ decisionId: resourceIdSchema, invitationId: resourceIdSchema }),
        response: { 200: messageResponseSchema, ...refusals },
      },
      preHandler: app.decisionAccess('invite', { params: 'decisionId' }),
    },
    async (request) => {
      const access = requireAccess(request);
      await teamService.revokeInvitation(access, request.params.invitationId);
      return { message: translate(request.language, 'api.invitationRevoked') };
    },
  );
};
