import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decisionIdParamsSchema } from '../../../shared/api/decisions.ts';
import { timerRequestSchema } from '../../../shared/api/team.ts';
import { messageResponseSchema } from '../../../shared/api/users.ts';
import { translate } from '../../i18n.ts';
import { requireAccess } from '../decisions/index.ts';
import { assertDeadlineFarEnough } from './lifecycle-writes.ts';
import { common, refusals } from './route-schemas.ts';
import type { TeamVoting } from './voting.ts';

/** A team decision's lifecycle: activation, the deadline, ending the vote (signed-in callers only). */
export const lifecycleRoutes: FastifyPluginAsyncZod<{ teamVoting: TeamVoting }> = async (
  app,
  { teamVoting },
) => {
  app.post(
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
      await teamVoting.activate(access);
      return { message: translate(request.language, 'api.activated') };
    },
  );

  app.patch(
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
      await teamVoting.setDeadline(access, timer);
      return { message: translate(request.language, 'api.deadlineSaved'), timer };
    },
  );

  app.post(
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
      await teamVoting.endVoting(access, timer);
      return { message: translate(request.language, 'api.votingEnded'), timer };
    },
  );
};
