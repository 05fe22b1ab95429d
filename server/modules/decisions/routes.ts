import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analysisResponseSchema } from '../../../shared/api/analysis.ts';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import {
  createDecisionRequestSchema,
  decisionDetailsSchema,
  decisionIdParamsSchema,
  decisionSchema,
  decisionTypeResponseSchema,
  evaluateRequestSchema,
  resultsVisibilityRequestSchema,
  resultsVisibilityResponseSchema,
  updateDecisionRequestSchema,
} from '../../../shared/api/decisions.ts';
import { messageResponseSchema } from '../../../shared/api/users.ts';
import { translate } from '../../i18n.ts';
import { requireSession } from '../../plugins/auth.ts';
import { requireAccess } from './access-gate.ts';
import { presentDecision, presentDetails } from './presenter.ts';
import { createRevisionCache } from './revision-cache.ts';
import { nextTurn } from '../../next-turn.ts';
import { limitDecisionCreation } from './creation-rate-limit.ts';
import { limitVoteWrites } from './vote-rate-limit.ts';
import { listRoute } from './list-route.ts';
import { snapshotRoutes } from './snapshot-routes.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { DecisionsService } from './service.ts';

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const common = { tags: ['decisions'], security: [{ bearerAuth: [] }] };

export const decisionsRoutes: FastifyPluginAsyncZod<{
  decisionsService: DecisionsService;
  changes: ChangeFeed;
  /** RATE_LIMIT_DECISIONS_PER_MINUTE. */
  createdPerMinute: number;
  /** RATE_LIMIT_VOTES_PER_MINUTE, shared with the team module's weights and team edit. */
  voteWritesPerMinute: number;
}> = async (app, { decisionsService: service, changes, createdPerMinute, voteWritesPerMinute }) => {
  app.addHook('onRequest', app.authenticate);
  const personalDetailsBodies = createRevisionCache<ReturnType<FastifyReply['serialize']>>();

  await app.register(listRoute, { decisionsService: service, changes });
  await app.register(snapshotRoutes, { decisionsService: service });

  app.post(
    '/api/decision',
    {
      schema: {
        ...common,
        body: createDecisionRequestSchema,
        response: { 201: decisionSchema, ...refusals, 429: errorResponseSchema },
      },
      preHandler: limitDecisionCreation(app, createdPerMinute),
    },
    async (request, reply) => {
      const decision = await service.create(requireSession(request).user.id, request.body);
      return reply.status(201).send(presentDecision(decision));
    },
  );

  app.put(
    '/api/decision/:id',
    {
      schema: {
        ...common,
        params: decisionIdParamsSchema,
        body: updateDecisionRequestSchema,
        response: { 200: decisionSchema, ...refusals },
      },
      preHandler: app.decisionAccess('edit'),
    },
    async (request) => {
      const access = requireAccess(request);
      return presentDecision(await service.update(access, request.body));
    },
  );

  app.patch(
    '/api/decision/:id/results-visibility',
    {
      schema: {
        ...common,
        description:
          'Who sees a team decision’s results before voting ended (owner and admin, while draft or open).',
        params: decisionIdParamsSchema,
        body: resultsVisibilityRequestSchema,
        response: { 200: resultsVisibilityResponseSchema, ...refusals },
      },
      preHandler: app.decisionAccess('edit'),
    },
    async (request) => {
      const access = requireAccess(request);
      const saved = await service.setResultsVisibility(access, request.body.results_visibility);
      return { results_visibility: saved.results_visibility };
    },
  );

  app.get(
    '/api/decision/:id/details',
    {
      schema: {
        ...common,
        params: decisionIdParamsSchema,
        response: { 200: decisionDetailsSchema, ...refusals },
      },
      preHandler: app.decisionAccess('view'),
    },
    async (request, reply) => {
      const access = requireAccess(request);
      // Team details carry the caller's own votes and time-dependent locks: presented per request. A
      // large team's answer is megabytes: working out, presenting and serializing take a turn each.
      if (access.decision.type === 'team') {
        const parts = await service.details(access);
        await nextTurn();
        const details = presentDetails(access, parts, request.language);
        await nextTurn();
        return details;
      }
      // Personal details depend only on the revision and the reader's relation, so the serialized
      // body is reused until the next write (about twice the throughput; see bench/run.ts).
      const body = await personalDetailsBodies.get(
        `${access.decision.id}:${access.relation}`,
        access.decision.revision,
        // Personal details list no people, so the reader's language changes nothing in them.
        async () => reply.serialize(presentDetails(access, await service.details(access), request.language)),
      );
      // Already serialized (schema-checked in tests): Fastify sends a JSON string as it is.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.get(
    '/api/decision/:id/analysis',
    {
      schema: {
        ...common,
        description:
          'How solid the result is: criterion shares, flip points, robustness, win probability, must-haves. Same visibility as the details; `{ hidden: true }` while team results are hidden from the caller.',
        params: decisionIdParamsSchema,
        response: { 200: analysisResponseSchema, ...refusals },
      },
      preHandler: app.decisionAccess('view'),
    },
    async (request) => service.analysis(requireAccess(request)),
  );

  app.get(
    '/api/decision/:id/type',
    {
      schema: {
        ...common,
        params: decisionIdParamsSchema,
        response: { 200: decisionTypeResponseSchema, ...refusals },
      },
      preHandler: app.decisionAccess('view'),
    },
    async (request) => {
      const access = requireAccess(request);
      return { is_team: access.decision.type === 'team' };
    },
  );

  app.delete(
    '/api/decision/:id',
    {
      schema: {
        ...common,
        params: decisionIdParamsSchema,
        response: { 200: messageResponseSchema, ...refusals },
      },
      preHandler: app.decisionAccess('delete'),
    },
    async (request) => {
      const access = requireAccess(request);
      await service.remove(access);
      return { message: translate(request.language, 'api.decisionDeleted') };
    },
  );

  app.post(
    '/api/decision/:id/evaluate',
    {
      schema: {
        ...common,
        params: decisionIdParamsSchema,
        body: evaluateRequestSchema,
        response: {
          200: messageResponseSchema.extend({ score: z.number().nullable() }),
          ...refusals,
          429: errorResponseSchema,
        },
      },
      preHandler: [limitVoteWrites(app, voteWritesPerMinute), app.decisionAccess('vote')],
    },
    async (request) => {
      const access = requireAccess(request);
      const decision = await service.evaluate(access, request.body.evaluations);
      return { message: translate(request.language, 'api.evaluationsSaved'), score: decision.score };
    },
  );
};
