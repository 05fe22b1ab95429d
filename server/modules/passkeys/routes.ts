import { z } from 'zod';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { sessionClientOf } from '../auth/index.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import { resourceIdSchema } from '../../../shared/api/ids.ts';
import {
  authenticationOptionsSchema,
  passkeyListSchema,
  passkeySchema,
  passkeySessionResponseSchema,
  passkeySignInRequestSchema,
  registerPasskeyRequestSchema,
  registrationOptionsSchema,
  renamePasskeyRequestSchema,
} from '../../../shared/api/passkeys.ts';
import { requireSession } from '../../plugins/auth.ts';
import { presentUser } from '../users/index.ts';
import { presentPasskey } from './presenter.ts';
import type { PasskeysService } from './service.ts';

const authenticated = { security: [{ bearerAuth: [] }], tags: ['passkeys'] };
const passkeyParams = z.object({ id: resourceIdSchema });
// The bodies' zod schemas bound the answers' shape and size; @simplewebauthn/server checks each of their
// fields (types, encodings, transports) itself, so the `as` below adds no trust the verification lacks.

/**
 * Passkeys of the signed-in user (register, list, rename, remove) and the passkey sign-in. Removing
 * needs only the owner's session, like renaming: it takes a way in away rather than adding one.
 */
export const passkeysRoutes: FastifyPluginAsyncZod<{
  passkeysService: PasskeysService;
  perMinute: number;
}> = async (app, { passkeysService, perMinute }) => {
  // The sign-in endpoints are open to anyone: limited per IP like the password login.
  const rateLimit = { max: perMinute, timeWindow: '1 minute' };

  app.get(
    '/api/users/me/passkeys',
    {
      onRequest: app.authenticate,
      config: { sessionOnly: true },
      schema: { ...authenticated, response: { 200: passkeyListSchema } },
    },
    async (request) => {
      const rows = await passkeysService.list(requireSession(request).user.id);
      return { passkeys: rows.map(presentPasskey) };
    },
  );

  app.post(
    '/api/users/me/passkeys/options',
    {
      onRequest: app.authenticate,
      config: { rateLimit, sessionOnly: true },
      schema: {
        ...authenticated,
        description:
          'Options for navigator.credentials.create() (PublicKeyCredentialCreationOptionsJSON). Their challenge is bound to the caller, single use, valid 5 minutes.',
        response: { 200: registrationOptionsSchema, 409: errorResponseSchema },
      },
    },
    async (request) => ({ ...(await passkeysService.registrationOptions(requireSession(request).user)) }),
  );

  app.post(
    '/api/users/me/passkeys',
    {
      onRequest: app.authenticate,
      config: { rateLimit, sessionOnly: true },
      schema: {
        ...authenticated,
        description:
          'Verifies the browser\'s answer to the options and stores the passkey (without a name: "Passkey on <date>").',
        body: registerPasskeyRequestSchema,
        response: { 201: passkeySchema, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { response, name } = request.body;
      const passkey = await passkeysService.register(requireSession(request).user, {
        response: response as RegistrationResponseJSON,
        name,
        language: request.language,
      });
      return reply.status(201).send(presentPasskey(passkey));
    },
  );

  app.patch(
    '/api/users/me/passkeys/:id',
    {
      onRequest: app.authenticate,
      config: { sessionOnly: true },
      schema: {
        ...authenticated,
        params: passkeyParams,
        body: renamePasskeyRequestSchema,
        response: { 200: passkeySchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) =>
      presentPasskey(
        await passkeysService.rename(requireSession(request).user.id, request.params.id, request.body.name),
      ),
  );

  app.delete(
    '/api/users/me/passkeys/:id',
    {
      onRequest: app.authenticate,
      config: { sessionOnly: true },
      schema: {
        ...authenticated,
        params: passkeyParams,
        response: { 204: z.null(), 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await passkeysService.remove(requireSession(request).user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/login/passkey/options',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth', 'passkeys'],
        description:
          'Options for navigator.credentials.get() (PublicKeyCredentialRequestOptionsJSON) without an account: the authenticator offers its discoverable passkeys. Single use, valid 5 minutes.',
        response: { 200: authenticationOptionsSchema },
      },
    },
    async () => ({ ...(await passkeysService.authenticationOptions()) }),
  );

  app.post(
    '/api/login/passkey',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth', 'passkeys'],
        description:
          'Signs in with a passkey: answers like POST /api/login. No second factor is asked (a passkey is one).',
        body: passkeySignInRequestSchema,
        response: {
          200: passkeySessionResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { token, user } = await passkeysService.signIn(
        request.body.response as AuthenticationResponseJSON,
        request.ip,
        sessionClientOf(request),
      );
      return { token, user: presentUser(user), password_change_required: false };
    },
  );
};
