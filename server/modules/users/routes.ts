import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../shared/api/errors.ts';
import { updateProfileRequestSchema, userSchema } from '../../../shared/api/users.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import { requireSession } from '../../plugins/auth.ts';
import { perUserRateLimit } from '../../plugins/rate-limit.ts';
import { presentUser } from './presenter.ts';
import type { UsersService } from './service.ts';

/**
 * Reads the one file of a multipart body. Size overruns keep their 413; a malformed body
 * (cut off, wrong boundary) is the client's fault and becomes a 400, never a 500.
 */
async function readSingleUpload(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file({ limits: { fileSize: LIMITS.avatar.maxBytes, files: 1 } });
    if (!file) throw new AppError('VALIDATION_FAILED', { file: 'validation.required' });
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (typeof error === 'object' && error !== null && 'statusCode' in error && error.statusCode === 413)
      throw error;
    throw new AppError('VALIDATION_FAILED', { file: 'validation.invalid' });
  }
}

const authenticated = { security: [{ bearerAuth: [] }], tags: ['users'] };

export const usersRoutes: FastifyPluginAsyncZod<{
  usersService: UsersService;
  avatarUploadsPerMinute: number;
}> = async (app, { usersService, avatarUploadsPerMinute }) => {
  // Each upload is a decode: counted per user before the body is read, refused ones included.
  const limitAvatarUploads = perUserRateLimit(app, [{ max: avatarUploadsPerMinute, timeWindow: '1 minute' }]);

  app.get(
    '/api/users/me',
    {
      onRequest: app.authenticate,
      schema: { ...authenticated, response: { 200: userSchema, 401: errorResponseSchema } },
    },
    async (request) => presentUser(requireSession(request).user),
  );

  app.put(
    '/api/users/update',
    {
      onRequest: app.authenticate,
      schema: {
        ...authenticated,
        body: updateProfileRequestSchema,
        response: { 200: userSchema, 400: errorResponseSchema },
      },
    },
    async (request) =>
      presentUser(await usersService.updateProfile(requireSession(request).user.id, request.body)),
  );

  app.post(
    '/api/users/me/avatar',
    {
      onRequest: app.authenticate,
      preHandler: limitAvatarUploads,
      schema: {
        ...authenticated,
        consumes: ['multipart/form-data'],
        response: {
          200: userSchema,
          400: errorResponseSchema,
          413: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const session = requireSession(request);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const upload = await readSingleUpload(request);
      return presentUser(await usersService.setAvatar(session.user.id, upload));
    },
  );

  app.delete(
    '/api/users/me/avatar',
    { onRequest: app.authenticate, schema: { ...authenticated, response: { 200: userSchema } } },
    async (request) => presentUser(await usersService.removeAvatar(requireSession(request).user.id)),
  );

  // Public on purpose: <img> tags cannot send bearer tokens; ids are 128-bit random.
  app.get(
    '/api/avatars/:file',
    {
      schema: {
        tags: ['users'],
        params: z.object({ file: z.string().regex(/^[a-f0-9]{32}\.webp$/) }),
        produces: ['image/webp'],
      },
    },
    async (request, reply) => {
      const avatar = await usersService.findAvatar(request.params.file.slice(0, 32));
      if (!avatar) throw new AppError('NOT_FOUND');
      return reply
        .type(avatar.content_type)
        .header('Cache-Control', `public, max-age=${LIMITS.avatar.cacheSeconds}`)
        .send(Buffer.from(avatar.image));
    },
  );
};
