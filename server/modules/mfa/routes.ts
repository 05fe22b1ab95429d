import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import {
  mfaLoginRequestSchema,
  recoveryCodesResponseSchema,
  totpConfirmRequestSchema,
  totpDisableRequestSchema,
  totpEnrolmentResponseSchema,
  twoStepStatusSchema,
} from '../../../shared/api/two-step.ts';
import { sessionResponseSchema } from '../../../shared/api/users.ts';
import { requireSession } from '../../plugins/auth.ts';
import { sessionClientOf, type SessionClient } from '../auth/index.ts';
import { presentUser } from '../users/index.ts';
import type { MfaService } from './service.ts';

const authenticated = { security: [{ bearerAuth: [] }], tags: ['mfa'] };

export const mfaRoutes: FastifyPluginAsyncZod<{
  mfaService: MfaService;
  /** The auth module's session start, the same as a password-only login gets. */
  startSession: (userId: number, client: SessionClient) => Promise<string>;
  perMinute: number;
}> = async (app, { mfaService, startSession, perMinute }) => {
  const rateLimit = { max: perMinute, timeWindow: '1 minute' };

  app.get(
    '/api/users/me/totp',
    {
      onRequest: app.authenticate,
      config: { sessionOnly: true },
      schema: { ...authenticated, response: { 200: twoStepStatusSchema, 401: errorResponseSchema } },
    },
    async (request) => mfaService.status(requireSession(request).user.id),
  );

  app.post(
    '/api/users/me/totp',
    {
      onRequest: app.authenticate,
      config: { rateLimit, sessionOnly: true },
      schema: {
        ...authenticated,
        response: { 200: totpEnrolmentResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => mfaService.startEnrolment(requireSession(request).user),
  );

  app.post(
    '/api/users/me/totp/confirm',
    {
      onRequest: app.authenticate,
      config: { rateLimit, sessionOnly: true },
      schema: {
        ...authenticated,
        body: totpConfirmRequestSchema,
        response: {
          200: recoveryCodesResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      recovery_codes: await mfaService.confirmEnrolment(requireSession(request).user.id, request.body.code),
    }),
  );

  app.delete(
    '/api/users/me/totp',
    {
      onRequest: app.authenticate,
      config: { rateLimit, sessionOnly: true },
      schema: {
        ...authenticated,
        body: totpDisableRequestSchema,
        response: {
          204: z.null(),
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await mfaService.disable(requireSession(request), request.body.password, request.body.code);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/login/mfa',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth', 'mfa'],
        body: mfaLoginRequestSchema,
        response: {
          200: sessionResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { mfa_token, code } = request.body;
      const { user, passwordChangeRequired } = await mfaService.completeSignInStep(
        mfa_token,
        code,
        request.ip,
      );
      return {
        token: await startSession(user.id, sessionClientOf(request)),
        user: presentUser(user),
        password_change_required: passwordChangeRequired,
      };
    },
  );
};
