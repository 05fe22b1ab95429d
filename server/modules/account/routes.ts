import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAccountRequestSchema, deletionPreviewSchema } from '../../../shared/api/account.ts';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { requireSession } from '../../plugins/auth.ts';
import { perUserRateLimit } from '../../plugins/rate-limit.ts';
import type { AccountService } from './service.ts';

const authenticated = { security: [{ bearerAuth: [] }], tags: ['users'] };

/** Issue 28: what deleting the account would do, deleting it, and taking one's data along. */
export const accountRoutes: FastifyPluginAsyncZod<{ accountService: AccountService }> = async (
  app,
  { accountService },
) => {
  app.addHook('onRequest', app.authenticate);
  // Each export reads every decision of the account: a few per hour are plenty for taking one's data.
  const limitDataExports = perUserRateLimit(app, [{ max: LIMITS.dataExport.perHour, timeWindow: '1 hour' }], {
    code: 'DATA_EXPORT_RATE_LIMITED',
  });

  app.get(
    '/api/users/me/deletion-preview',
    {
      schema: {
        ...authenticated,
        description: 'What deleting the account would do, and whether the second factor’s code is needed.',
        response: { 200: deletionPreviewSchema, 401: errorResponseSchema },
      },
    },
    async (request) => accountService.deletionPreview(requireSession(request).user.id),
  );

  app.delete(
    '/api/users/me',
    {
      // Deleting the account needs the signed-in session, never an API token (issue 32).
      config: { sessionOnly: true },
      schema: {
        ...authenticated,
        description: 'Deletes the account for good (password, and the second factor’s code when one is on).',
        body: deleteAccountRequestSchema,
        response: {
          204: z.null(),
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await accountService.deleteAccount(requireSession(request).user, request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/users/me/export',
    {
      preHandler: limitDataExports,
      schema: {
        ...authenticated,
        description:
          'Everything stored about the caller as a ZIP (JSON files and one CSV per owned decision).',
        produces: ['application/zip'],
      },
    },
    async (request, reply) => {
      const { user } = requireSession(request);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('application/zip')
        .header('Content-Disposition', `attachment; filename="decision-compass-data-${day}.zip"`)
        .header('Cache-Control', 'private, no-store')
        .send(accountService.exportData(user, request.language));
    },
  );
};
