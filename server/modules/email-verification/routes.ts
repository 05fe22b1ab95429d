import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verifyEmailRequestSchema } from '../../../shared/api/email-verification.ts';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import { messageResponseSchema } from '../../../shared/api/users.ts';
import { translate } from '../../i18n.ts';
import { requireSession } from '../../plugins/auth.ts';
import type { EmailVerificationService } from './service.ts';

export const emailVerificationRoutes: FastifyPluginAsyncZod<{
  emailVerificationService: EmailVerificationService;
  perMinute: number;
}> = async (app, { emailVerificationService, perMinute }) => {
  const rateLimit = { max: perMinute, timeWindow: '1 minute' };

  // The token travels in the body, not the URL, so request logs never contain it.
  app.post(
    '/api/verify-email',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        body: verifyEmailRequestSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await emailVerificationService.verify(request.body.token);
      return { message: translate(request.language, 'api.emailVerified') };
    },
  );

  app.post(
    '/api/verify-email/resend',
    {
      onRequest: app.authenticate,
      config: { rateLimit, sessionOnly: true },
      schema: {
        tags: ['auth'],
        security: [{ bearerAuth: [] }],
        response: { 202: messageResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await emailVerificationService.resend(requireSession(request).user, request.language);
      return reply.status(202).send({ message: translate(request.language, 'api.verificationMailSent') });
    },
  );
};
