import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  decisionDetailsSchema,
  decisionIdParamsSchema,
  decisionSchema,
  teamMemberSchema,
} from '../../../shared/api/decisions.ts';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import { resourceIdSchema } from '../../../shared/api/ids.ts';
import {
  acceptInvitationRequestSchema,
  acceptInvitationResponseSchema,
  changeRoleRequestSchema,
  createTeamDecisionRequestSchema,
  inviteRequestSchema,
  inviteResponseSchema,
  teamEditRequestSchema,
  timerRequestSchema,
  validateInvitationResponseSchema,
  weightsRequestSchema,
} from '../../../shared/api/team.ts';
import { remindResponseSchema, reminderTooSoonSchema } from '../../../shared/api/reminders.ts';
import { messageResponseSchema } from '../../../shared/api/users.ts';
import { translate } from '../../i18n.ts';
import { requireSession } from '../../plugins/auth.ts';
import { requireAccess, presentDecision, presentDetails, type DecisionsService } from '../decisions/index.ts';
import {
  presentAcceptResult,
  presentInvitationPreview,
  presentInviteResult,
  presentMemberList,
} from './presenter.ts';
import type { Reminders } from './reminders.ts';
import { assertDeadlineFarEnough, type TeamService } from './service.ts';

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
const common = { tags: ['team'], security: [{ bearerAuth: [] }] };
const memberParams = z.object({ decisionId: resourceIdSchema, userId: resourceIdSchema });

export const teamRoutes: FastifyPluginAsyncZod<{
  teamService: TeamService;
  decisionsService: DecisionsService;
  reminders: Reminders;
  perMinute: number;
}> = async (app, { teamService, decisionsService, reminders, perMinute }) => {
  // Public: the invite page shows what an invitation is about before anyone signs in.
  app.get(
    '/api/team/validate/:token',
    {
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['team'],
        // Any token shape gets the same "invalid or expired" answer as an unknown one.
        params: z.object({ token: z.string().max(2000) }),
        response: { 200: validateInvitationResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const invitation = await teamService.validate(request.params.token);
      return presentInvitationPreview(invitation);
    },
  );

  await app.register(async (scope) => {
    const protectedRoutes = scope.withTypeProvider<ZodTypeProvider>();
    protectedRoutes.addHook('onRequest', app.authenticate);

    protectedRoutes.post(
      '/api/team-decisions',
      {
        schema: {
          ...common,
          body: createTeamDecisionRequestSchema,
          response: { 201: decisionSchema, ...refusals },
        },
      },
      async (request, reply) => {
        assertDeadlineFarEnough(request.body.timer);
        const decision = await decisionsService.create(requireSession(request).user.id, {
          ...request.body,
          criteria: request.body.criteria.map((criterion) => ({
            ...criterion,
            importance: criterion.importance ?? 0,
          })),
        });
        return reply.status(201).send(presentDecision(decision));
      },
    );

    protectedRoutes.put(
      '/api/team-decisions/:id',
      {
        schema: {
          ...common,
          description:
            'The team edit page in one request: title, lists, the caller’s votes and weights; one transaction.',
          params: decisionIdParamsSchema,
          body: teamEditRequestSchema,
          response: { 200: decisionDetailsSchema, ...refusals },
        },
        // An early 404 for outsiders; the right for each part is checked under the write lock.
        preHandler: app.decisionAccess('view'),
      },
      async (request) => {
        const { userId } = requireAccess(request);
        await decisionsService.saveTeamEdit(request.params.id, userId, request.body);
        // What GET details answers right after: the caller's view of the saved decision.
        const saved = await decisionsService.authorizedAccess(request.params.id, userId, 'view');
        return presentDetails(saved, await decisionsService.details(saved));
      },
    );

    protectedRoutes.post(
      '/api/team/invite',
      {
        config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
        schema: {
          ...common,
          body: inviteRequestSchema,
          response: { 201: inviteResponseSchema, ...refusals },
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

    protectedRoutes.post(
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

    protectedRoutes.get(
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
        return presentMemberList(details);
      },
    );

    protectedRoutes.put(
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

    protectedRoutes.delete(
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

    protectedRoutes.delete(
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

    protectedRoutes.post(
      '/api/decision/:id/activate',
      {
        schema: {
          ...common,
          params: decisionIdParamsSchema,
          response: { 200: messageResponseSchema, ...refusals },
        },
        preHandler: app.decisionAccess('activate'),
      },
      async (request) => {
        const access = requireAccess(request);
        await teamService.activate(access);
        return { message: translate(request.language, 'api.activated') };
      },
    );

    protectedRoutes.patch(
      '/api/decision/:id/timer',
      {
        schema: {
          ...common,
          params: decisionIdParamsSchema,
          body: timerRequestSchema,
          response: { 200: messageResponseSchema.extend({ timer: z.string().nullable() }), ...refusals },
        },
        preHandler: app.decisionAccess('manageDeadline'),
      },
      async (request) => {
        const access = requireAccess(request);
        assertDeadlineFarEnough(request.body.timer);
        const timer = request.body.timer === null ? null : new Date(request.body.timer).toISOString();
        await teamService.setDeadline(access, timer);
        return { message: translate(request.language, 'api.deadlineSaved'), timer };
      },
    );

    protectedRoutes.post(
      '/api/decision/:id/end-voting',
      {
        schema: {
          ...common,
          params: decisionIdParamsSchema,
          response: { 200: messageResponseSchema.extend({ timer: z.string() }), ...refusals },
        },
        preHandler: app.decisionAccess('manageDeadline'),
      },
      async (request) => {
        const access = requireAccess(request);
        const timer = new Date().toISOString();
        await teamService.endVoting(access, timer);
        return { message: translate(request.language, 'api.votingEnded'), timer };
      },
    );

    protectedRoutes.post(
      '/api/decision/:id/remind',
      {
        schema: {
          ...common,
          description:
            'Reminds every voter who has not voted in full (never the sender): a notification and a mail. ' +
            'At most once per 12 hours per decision (429 with next_reminder_at); open team decisions only.',
          params: decisionIdParamsSchema,
          response: { 200: remindResponseSchema, ...refusals, 429: reminderTooSoonSchema },
        },
        preHandler: app.decisionAccess('remind'),
      },
      async (request) =>
        reminders.remind(requireAccess(request), requireSession(request).user, request.language),
    );

    protectedRoutes.post(
      '/api/decision/:id/weights',
      {
        schema: {
          ...common,
          params: decisionIdParamsSchema,
          body: weightsRequestSchema,
          response: { 200: messageResponseSchema.extend({ score: z.number().nullable() }), ...refusals },
        },
        preHandler: app.decisionAccess('weight'),
      },
      async (request) => {
        const access = requireAccess(request);
        const decision = await decisionsService.setWeights(access, request.body.weights);
        return { message: translate(request.language, 'api.weightsSaved'), score: decision.score };
      },
    );
  });
};
