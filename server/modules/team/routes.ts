import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import { validateInvitationResponseSchema } from '../../../shared/api/team.ts';
import type { DecisionsService } from '../decisions/index.ts';
import { invitationRoutes } from './invitation-routes.ts';
import { lifecycleRoutes } from './lifecycle-routes.ts';
import { presentInvitationPreview } from './presenter.ts';
import type { Reminders } from './reminders.ts';
import type { TeamService } from './service.ts';
import type { TeamVoting } from './voting.ts';
import { votingRoutes } from './voting-routes.ts';

export const teamRoutes: FastifyPluginAsyncZod<{
  teamService: TeamService;
  teamVoting: TeamVoting;
  decisionsService: DecisionsService;
  reminders: Reminders;
  perMinute: number;
  /** RATE_LIMIT_DECISIONS_PER_MINUTE, shared with POST /api/decision. */
  decisionsPerMinute: number;
  /** RATE_LIMIT_VOTES_PER_MINUTE, shared with POST /api/decision/{id}/evaluate. */
  voteWritesPerMinute: number;
}> = async (
  app,
  {
    teamService,
    teamVoting,
    decisionsService,
    reminders,
    perMinute,
    decisionsPerMinute,
    voteWritesPerMinute,
  },
) => {
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
    scope.addHook('onRequest', app.authenticate);
    await scope.register(invitationRoutes, { teamService, decisionsService, perMinute });
    await scope.register(votingRoutes, {
      teamVoting,
      decisionsService,
      reminders,
      decisionsPerMinute,
      voteWritesPerMinute,
    });
    await scope.register(lifecycleRoutes, { teamVoting });
  });
};
