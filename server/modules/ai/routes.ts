import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  aiRecommendationRequestSchema,
  aiRecommendationResponseSchema,
  aiStatusSchema,
  teamAiRecommendationResponseSchema,
} from '../../../shared/api/ai.ts';
import { decisionIdParamsSchema } from '../../../shared/api/decisions.ts';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import { translate } from '../../i18n.ts';
import { requireSession } from '../../plugins/auth.ts';
import { requireAccess } from '../decisions/access-gate.ts';
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
}> = async (app, { aiService }) => {
  app.addHook('onRequest', app.authenticate);

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
    },
    async (request) =>
      aiService.recommendPersonal(requireSession(request).user.id, request.body, request.language),
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
      preHandler: app.decisionAccess('startAi'),
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
