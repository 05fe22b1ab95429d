import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decisionListItemSchema, decisionListQuerySchema } from '../../../shared/api/decisions.ts';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import { requireSession } from '../../plugins/auth.ts';
import { canonicalListQuery, createListBodies, listPageLink } from './list-cache.ts';
import { decodeListCursor, encodeListCursor } from './list-cursor.ts';
import type { DecisionsService } from './service.ts';

/** GET /api/decision: the dashboard's list, a page at a time (issue 27); registered by decisionsRoutes. */
export const listRoute: FastifyPluginAsyncZod<{
  decisionsService: DecisionsService;
  changes: ChangeFeed;
}> = async (app, { decisionsService: service, changes }) => {
  const listBodies = createListBodies(changes);
  const common = { tags: ['decisions'], security: [{ bearerAuth: [] }] };

  app.get(
    '/api/decision',
    {
      schema: {
        ...common,
        description:
          'A page of the caller’s decisions (own and member), newest first unless `sort` says otherwise. X-Total-Count: how many the query finds; Link rel="next": the following page, while there is one.',
        querystring: decisionListQuerySchema,
        response: {
          200: z.array(decisionListItemSchema),
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { user } = requireSession(request);
      const query = request.query;
      const after = query.cursor === undefined ? undefined : decodeListCursor(query.cursor, query.sort);
      // Issue 29: a workspace the caller is not a member of is unknown to them (checked uncached).
      if (typeof query.workspace_id === 'number')
        await service.assertWorkspaceMember(query.workspace_id, user.id);
      const page = await listBodies.read(
        user.id,
        canonicalListQuery(query),
        () =>
          service.list(user.id, {
            sort: query.sort,
            type: query.type,
            mode: query.mode,
            search: query.q,
            workspace: query.workspace_id,
            limit: query.limit,
            after,
          }),
        reply,
      );
      reply.header('X-Total-Count', String(page.total));
      if (page.next) {
        const link = listPageLink(query, encodeListCursor(query.sort, page.next));
        reply.header('Link', `<${link}>; rel="next"`);
      }
      return reply.type('application/json; charset=utf-8').send(page.body as never);
    },
  );
};
