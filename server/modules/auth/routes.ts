import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import { loginResponseSchema } from '../../../shared/api/two-step.ts';
import {
  changePasswordRequestSchema,
  loginRequestSchema,
  messageResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
} from '../../../shared/api/users.ts';
import { requireSignedInSession } from '../../plugins/auth.ts';
import { translate } from '../../i18n.ts';
import { presentUser } from '../users/index.ts';
import type { AuthService } from './service.ts';
import { sessionClientOf } from './session-client.ts';

export const authRoutes: FastifyPluginAsyncZod<{ authService: AuthService; perMinute: number }> = async (
  app,
  { authService, perMinute },
) => {
  const rateLimit = { max: perMinute, timeWindow: '1 minute' };

  app.post(
    '/api/register',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        body: registerRequestSchema,
        response: { 201: registerResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { email, password, inviteToken } = request.body;
      // The same answer for a new and a taken address: no user, no session (a client with a pending
      // invitation logs in next). A token from the invitation mail to this address confirms it.
      await authService.register({ email, password, language: request.language, inviteToken });
      return reply.status(201).send({ message: translate(request.language, 'api.registered') });
    },
  );

  app.post(
    '/api/login',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        body: loginRequestSchema,
        // A session, or `{ mfa_required, mfa_token }` when the account has a second factor (issue 28).
        response: { 200: loginResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const result = await authService.login(email, password, request.ip, sessionClientOf(request));
      if ('mfaToken' in result) return { mfa_required: true as const, mfa_token: result.mfaToken };
      const { token, user, passwordChangeRequired } = result;
      return { token, user: presentUser(user), password_change_required: passwordChangeRequired };
    },
  );

  app.post(
    '/api/logout',
    {
      onRequest: app.authenticate,
      config: { sessionOnly: true },
      schema: { tags: ['auth'], security: [{ bearerAuth: [] }], response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await authService.logout(requireSignedInSession(request));
      return { message: translate(request.language, 'api.loggedOut') };
    },
  );

  app.post(
    '/api/change-password',
    {
      onRequest: app.authenticate,
      config: { rateLimit, sessionOnly: true },
      schema: {
        tags: ['auth'],
        security: [{ bearerAuth: [] }],
        body: changePasswordRequestSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      await authService.changePassword(
        requireSignedInSession(request),
        request.body.oldPassword,
        request.body.newPassword,
      );
      return { message: translate(request.language, 'api.passwordChanged') };
    },
  );
};
