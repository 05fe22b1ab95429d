import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Selectable } from 'kysely';
import { AppError } from '../app-error.ts';
import type { UsersTable } from '../db/schema.ts';
import { LANGUAGES, type Language } from '../../shared/limits.ts';

/** The signed-in caller as routes see it. */
export interface AuthenticatedSession {
  user: Selectable<UsersTable>;
  tokenHash: string;
  /** The `sessions` row id: live event streams belong to it and end with it. */
  sessionId: number;
}

/**
 * What the plugin needs from the auth module, so plugins depend on no module (modules/auth
 * implements it; expiry sliding and revocation stay its business).
 */
export interface SessionVerifier {
  authenticate(token: string): Promise<AuthenticatedSession | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for protected routes: 401 unless a valid bearer token is sent. */
    authenticate: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    auth: AuthenticatedSession | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

/** The session of a route guarded by `app.authenticate`. */
export function requireSession(request: FastifyRequest): AuthenticatedSession {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return request.auth;
}

export const authPlugin = fp<{ authService: SessionVerifier }>(async (app, { authService }) => {
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const session = token ? await authService.authenticate(token) : undefined;
    if (!session) throw new AppError('UNAUTHORIZED');
    request.auth = session;
    // Without an explicit Accept-Language, answer in the user's saved language.
    if (!request.headers['accept-language'] && LANGUAGES.includes(session.user.language as Language)) {
      request.language = session.user.language as Language;
    }
  });
});
