import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import {
  forgotPasswordRequestSchema,
  resetLinkResponseSchema,
  resetPasswordRequestSchema,
  resetTokenParamsSchema,
} from '../../../shared/api/password-reset.ts';
import { messageResponseSchema } from '../../../shared/api/users.ts';
import { translate } from '../../i18n.ts';
import type { PasswordResetService } from './service.ts';

export const passwordResetRoutes: FastifyPluginAsyncZod<{
  passwordResetService: PasswordResetService;
  perMinute: number;
}> = async (app, { passwordResetService, perMinute }) => {
  // The same per-IP limit as login and register; the service adds a per-account limit on mails.
  const rateLimit = { max: perMinute, timeWindow: '1 minute' };

  app.post(
    '/api/forgot-password',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        body: forgotPasswordRequestSchema,
        response: { 202: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const outcome = await passwordResetService.requestReset(request.body.email, request.language);
      if (!outcome.sent) request.log.info({ reason: outcome.reason }, 'password reset mail not sent');
      // Identical answer whether or not the account exists.
      return reply.status(202).send({ message: translate(request.language, 'api.resetMailSent') });
    },
  );

  app.get(
    '/api/reset-password/validate/:token',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        params: resetTokenParamsSchema,
        response: { 200: resetLinkResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      await passwordResetService.assertUsable(request.params.token);
      return { valid: true as const, message: translate(request.language, 'api.resetLinkValid') };
    },
  );

  app.post(
    '/api/reset-password',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await passwordResetService.resetPassword(request.body.token, request.body.password);
      return { message: translate(request.language, 'api.passwordReset') };
    },
  );
};
