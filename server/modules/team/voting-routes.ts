import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  decisionDetailsSchema,
  decisionIdParamsSchema,
  decisionSchema,
} from '../../../shared/api/decisions.ts';
import { remindResponseSchema, reminderTooSoonSchema } from '../../../shared/api/reminders.ts';
import {
  createTeamDecisionRequestSchema,
  reopenVoteParamsSchema,
  submitVoteResponseSchema,
  teamEditRequestSchema,
  weightsRequestSchema,
} from '../../../shared/api/team.ts';
import { messageResponseSchema } from '../../../shared/api/users.ts';
import { displayNameOfAccount } from '../../../shared/display-name.ts';
import { translate } from '../../i18n.ts';
import { requireSession } from '../../plugins/auth.ts';
import {
  limitDecisionCreation,
  limitVoteWrites,
  presentDecision,
  presentDetails,
  requireAccess,
  type DecisionsService,
} from '../decisions/index.ts';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import { assertDeadlineFarEnough } from './lifecycle-writes.ts';
import type { Reminders } from './reminders.ts';
import { common, refusals } from './route-schemas.ts';
import type { TeamVoting } from './voting.ts';

/**
 * Creating a team decision and voting on it: the team edit, weights, submitting and reopening votes,
 * reminders (signed-in callers only).
 */
export const votingRoutes: FastifyPluginAsyncZod<{
  teamVoting: TeamVoting;
  decisionsService: DecisionsService;
  reminders: Reminders;
  decisionsPerMinute: number;
  voteWritesPerMinute: number;
}> = async (app, { teamVoting, decisionsService, reminders, decisionsPerMinute, voteWritesPerMinute }) => {
  // One limiter, one count per user for both routes here and the decisions module's evaluate.
  const limitVotes = limitVoteWrites(app, voteWritesPerMinute);

  app.post(
    '/api/team-decisions',
    {
      schema: {
        ...common,
        body: createTeamDecisionRequestSchema,
        response: { 201: decisionSchema, ...refusals, 429: errorResponseSchema },
      },
      preHandler: limitDecisionCreation(app, decisionsPerMinute),
    },
    async (request, reply) => {
      assertDeadlineFarEnough(request.body.timer);
      const decision = await teamVoting.createDecision(requireSession(request).user.id, {
        ...request.body,
        criteria: request.body.criteria.map((criterion) => ({
          ...criterion,
          importance: criterion.importance ?? 0,
        })),
      });
      return reply.status(201).send(presentDecision(decision));
    },
  );

  app.put(
    '/api/team-decisions/:id',
    {
      schema: {
        ...common,
        description:
          'The team edit page in one request: title, lists, the caller’s votes and weights; one transaction.',
        params: decisionIdParamsSchema,
        body: teamEditRequestSchema,
        response: { 200: decisionDetailsSchema, ...refusals, 429: errorResponseSchema },
      },
      // An early 404 for outsiders; the right for each part is checked under the write lock.
      preHandler: [limitVotes, app.decisionAccess('view')],
    },
    async (request) => {
      const { userId } = requireAccess(request);
      await teamVoting.saveTeamEdit(request.params.id, userId, request.body);
      // What GET details answers right after: the caller's view of the saved decision.
      const saved = await decisionsService.authorizedAccess(request.params.id, userId, 'view');
      return presentDetails(saved, await decisionsService.details(saved), request.language);
    },
  );

  app.post(
    '/api/decision/:id/weights',
    {
      schema: {
        ...common,
        params: decisionIdParamsSchema,
        body: weightsRequestSchema,
        response: {
          200: messageResponseSchema.extend({ score: z.number().nullable() }),
          ...refusals,
          429: errorResponseSchema,
        },
      },
      preHandler: [limitVotes, app.decisionAccess('weight')],
    },
    async (request) => {
      const access = requireAccess(request);
      const decision = await teamVoting.setWeights(access, request.body.weights);
      return { message: translate(request.language, 'api.weightsSaved'), score: decision.score };
    },
  );

  app.post(
    '/api/decision/:id/submit',
    {
      schema: {
        ...common,
        description:
          'Makes the caller’s complete vote final (409 VOTE_INCOMPLETE otherwise): under `after_vote` their ' +
          'results appear, and their votes and weights answer 409 VOTE_SUBMITTED until reopened. ' +
          'Submitting again changes nothing.',
        params: decisionIdParamsSchema,
        response: { 200: submitVoteResponseSchema, ...refusals },
      },
      preHandler: app.decisionAccess('submitVote'),
    },
    async (request) => {
      const submittedAt = await teamVoting.submitVote(requireAccess(request));
      return { message: translate(request.language, 'api.voteSubmitted'), submitted_at: submittedAt };
    },
  );

  app.post(
    '/api/decision/:id/members/:userId/reopen',
    {
      schema: {
        ...common,
        description:
          'Owner and admin: reopens a voter’s submitted vote (409 VOTE_NOT_SUBMITTED if it is not); the ' +
          'voter is notified, shown as reopened, and sees `after_vote` results again only once they submit anew.',
        params: reopenVoteParamsSchema,
        response: { 200: messageResponseSchema, ...refusals },
      },
      preHandler: app.decisionAccess('reopenVote'),
    },
    async (request) => {
      const { user } = requireSession(request);
      await teamVoting.reopenVote(requireAccess(request), request.params.userId, {
        id: user.id,
        name: displayNameOfAccount(user),
      });
      return { message: translate(request.language, 'api.voteReopened') };
    },
  );

  app.post(
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
};
