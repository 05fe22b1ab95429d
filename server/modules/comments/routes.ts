import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  commentSchema,
  createCommentRequestSchema,
  updateCommentRequestSchema,
} from '../../../shared/api/comments.ts';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import { resourceIdSchema } from '../../../shared/api/ids.ts';
import { messageResponseSchema } from '../../../shared/api/users.ts';
import { translate } from '../../i18n.ts';
import { requireSession } from '../../plugins/auth.ts';
import { requireAccess } from '../decisions/index.ts';
import { perUserRateLimit } from '../../plugins/rate-limit.ts';
import { presentComment } from './presenter.ts';
import type { CommentsService } from './service.ts';

const refusals = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const common = { tags: ['comments'], security: [{ bearerAuth: [] }] };
const idParams = z.object({ id: resourceIdSchema });

export const commentsRoutes: FastifyPluginAsyncZod<{
  commentsService: CommentsService;
  rateLimit: { perMinute: number; perHour: number };
}> = async (app, { commentsService, rateLimit }) => {
  app.addHook('onRequest', app.authenticate);
  const limitNewComments = perUserRateLimit(app, [
    { max: rateLimit.perMinute, timeWindow: '1 minute' },
    { max: rateLimit.perHour, timeWindow: '1 hour' },
  ]);

  app.get(
    '/api/comments/:decisionId',
    {
      schema: {
        ...common,
        params: z.object({ decisionId: resourceIdSchema }),
        response: { 200: z.array(commentSchema), ...refusals },
      },
      preHandler: app.decisionAccess('view', { params: 'decisionId' }),
    },
    async (request) => {
      const access = requireAccess(request);
      const actor = { userId: access.userId, relationToDecision: access.relation };
      return (await commentsService.list(access)).map((row) => presentComment(row, actor, request.language));
    },
  );

  app.post(
    '/api/comments',
    {
      schema: {
        ...common,
        body: createCommentRequestSchema,
        response: { 201: commentSchema, ...refusals, 429: errorResponseSchema },
      },
      // The per-user limit counts before the decision is looked at, as before.
      preHandler: [limitNewComments, app.decisionAccess('comment', { body: 'decision_id' })],
    },
    async (request, reply) => {
      const access = requireAccess(request);
      const comment = await commentsService.add(access, request.body);
      return reply
        .status(201)
        .send(
          presentComment(
            comment,
            { userId: access.userId, relationToDecision: access.relation },
            request.language,
          ),
        );
    },
  );

  app.put(
    '/api/comments/:id',
    {
      schema: {
        ...common,
        params: idParams,
        body: updateCommentRequestSchema,
        response: { 200: commentSchema, ...refusals },
      },
    },
    async (request) => {
      const userId = requireSession(request).user.id;
      const { comment, access } = await commentsService.edit(request.params.id, userId, request.body.text);
      return presentComment(comment, { userId, relationToDecision: access.relation }, request.language);
    },
  );

  app.delete(
    '/api/comments/:id',
    { schema: { ...common, params: idParams, response: { 200: messageResponseSchema, ...refusals } } },
    async (request) => {
      await commentsService.remove(request.params.id, requireSession(request).user.id);
      return { message: translate(request.language, 'api.commentDeleted') };
    },
  );
};
