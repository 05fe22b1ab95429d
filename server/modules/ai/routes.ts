import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  aiRecommendationRequestSchema,
  aiRecommendationResponseSchema,
  aiOpinionResponseSchema,
  aiStatusSchema,
  aiSuggestionsRequestSchema,
  aiSuggestionsResponseSchema,
  teamAiRecommendationResponseSchema,
} from '../../../shared/api/ai.ts';
import { decisionIdParamsSchema } from '../../../shared/api/decisions.ts';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import { translate } from '../../i18n.ts';
import { requireSession } from '../../plugins/auth.ts';
import { requireAccess, presentDetails, type DecisionsService } from '../decisions/index.ts';
import type { AiService } from './service.ts';

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
  502: errorResponseSchema,
  503: errorResponseSchema,
  504: errorResponseSchema,
};
const common = { tags: ['ai'], security: [{ bearerAuth: [] }] };

export const aiRoutes: FastifyPluginAsyncZod<{
  aiService: AiService;
  decisionsService: DecisionsService;
}> = async (app, { aiService, decisionsService }) => {
  app.addHook('onRequest', app.authenticate);
  // Every AI call needs AI set up and a confirmed address; checked before anything else is read.
  const requireAiCaller = async (request: FastifyRequest) =>
    aiService.assertMayCall(requireSession(request).user);

  app.get(
    '/api/ai/status',
    { schema: { ...common, response: { 200: aiStatusSchema, 401: errorResponseSchema } } },
    async () => aiService.status(),
  );

  app.post(
    '/api/ai/recommendation',
    {
      schema: {
        ...common,
        body: aiRecommendationRequestSchema,
        response: { 200: aiRecommendationResponseSchema, ...refusals },
      },
      preHandler: requireAiCaller,
    },
    async (request) =>
      aiService.recommendPersonal(requireSession(request).user.id, request.body, request.language),
  );

  app.post(
    '/api/ai/suggestions',
    {
      schema: {
        ...common,
        description:
          'Options and criteria the user may have missed, each with a reason; up to 5 of each, none already in the lists. Nothing is stored.',
        body: aiSuggestionsRequestSchema,
        response: { 200: aiSuggestionsResponseSchema, ...refusals },
      },
      preHandler: requireAiCaller,
    },
    async (request) => aiService.suggest(requireSession(request).user.id, request.body, request.language),
  );

  app.post(
    '/api/decision/:id/ai-opinion',
    {
      schema: {
        ...common,
        description:
          'The AI as a second opinion on a manual-mode team decision (owner, admin): every cell scored and stored apart from the votes; never counted in the team result; a new run replaces the previous one.',
        params: decisionIdParamsSchema,
        response: { 200: aiOpinionResponseSchema, ...refusals },
      },
      preHandler: [requireAiCaller, app.decisionAccess('askAiOpinion')],
    },
    async (request) => {
      const access = requireAccess(request);
      const saved = await aiService.askOpinion(access, request.language);
      const details = presentDetails(access, await decisionsService.details(access), request.language);
      return {
        message: translate(request.language, 'api.aiOpinionSaved'),
        created_at: saved.created_at,
        scored: saved.cells.length,
        aiOpinion: details.aiOpinion,
      };
    },
  );

  app.post(
    '/api/team-ai/recommendation/:id',
    {
      schema: {
        ...common,
        params: decisionIdParamsSchema,
        body: aiRecommendationRequestSchema,
        response: { 200: teamAiRecommendationResponseSchema, ...refusals },
      },
      preHandler: [requireAiCaller, app.decisionAccess('startAi')],
    },
    async (request) => {
      const access = requireAccess(request);
      const result = await aiService.recommendTeam(access, request.body, request.language);
      return {
        message: translate(request.language, 'api.aiCompleted'),
        decision_id: access.decision.id,
        ...result,
      };
    },
  );
};
