import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeEmailRequestSchema,
  confirmEmailChangeRequestSchema,
} from '../../../shared/api/email-change.ts';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import { messageResponseSchema } from '../../../shared/api/users.ts';
import { translate } from '../../i18n.ts';
import { requireSession } from '../../plugins/auth.ts';
import type { EmailChangeService } from './service.ts';

export const emailChangeRoutes: FastifyPluginAsyncZod<{
  emailChangeService: EmailChangeService;
  perMinute: number;
}> = async (app, { emailChangeService, perMinute }) => {
  const rateLimit = { max: perMinute, timeWindow: '1 minute' };

  app.post(
    '/api/users/me/email',
    {
      onRequest: app.authenticate,
      config: { rateLimit, sessionOnly: true },
      schema: {
        tags: ['users'],
        security: [{ bearerAuth: [] }],
        description:
          'Mails a confirmation link to new_email and a notice to the current address; 202 whether or not ' +
          'new_email has an account. The address changes when the link is opened.',
        body: changeEmailRequestSchema,
        response: {
          202: messageResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { new_email: newEmail, password } = request.body;
      await emailChangeService.request(
        requireSession(request).user,
        { newEmail, password },
        request.language,
      );
      return reply.status(202).send({ message: translate(request.language, 'api.emailChangeRequested') });
    },
  );

  // Signed in or not (the link may be opened on another device); the token travels in the body, so
  // request logs never contain it.
  app.post(
    '/api/users/me/email/confirm',
    {
      config: { rateLimit },
      schema: {
        tags: ['users'],
        body: confirmEmailChangeRequestSchema,
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      await emailChangeService.confirm(request.body.token);
      return { message: translate(request.language, 'api.emailChanged') };
    },
  );
};
