import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Selectable } from 'kysely';
import { AppError } from '../app-error.ts';
import type { UsersTable } from '../db/schema.ts';
import { API_TOKEN_PREFIX, type ApiTokenScope } from '../../shared/api/api-tokens.ts';
import { LANGUAGES, type Language } from '../../shared/limits.ts';

/** The signed-in session of a caller (password, second factor or passkey). */
export interface SignedInSession {
  user: Selectable<UsersTable>;
  tokenHash: string;
  /** The `sessions` row id: live event streams belong to it and end with it. */
  sessionId: number;
  apiToken: null;
}

/** A script calling with a personal access token (issue 32) in the name of its user. */
export interface ApiTokenCaller {
  user: Selectable<UsersTable>;
  tokenHash: string;
  sessionId: null;
  /** `lastUsedAt`: ms since the epoch of the recorded last use, null before the first. */
  apiToken: { id: number; scope: ApiTokenScope; lastUsedAt: number | null };
}

/** The authenticated caller as routes see it: a signed-in session or an API token. */
export type AuthenticatedSession = SignedInSession | ApiTokenCaller;

/**
 * What the plugin needs from the auth module, so plugins depend on no module (modules/auth
 * implements it; expiry sliding and revocation stay its business).
 */
export interface SessionVerifier {
  authenticate(token: string): Promise<SignedInSession | undefined>;
}

/** The same for `dc_pat_` tokens (modules/api-tokens implements it). */
export interface ApiTokenVerifier {
  authenticate(token: string): Promise<ApiTokenCaller | undefined>;
  /** Notes the use of a token the route let through (cheaply: at most once a minute). */
  recordUse(caller: ApiTokenCaller): Promise<void>;
}

/** Methods a `read` token may use: the ones that change nothing. */
const READ_METHODS = new Set(['GET', 'HEAD']);

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for protected routes: 401 unless a valid bearer token is sent. */
    authenticate: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    auth: AuthenticatedSession | null;
  }
  interface FastifyContextConfig {
    /**
     * Only a signed-in session may call this route, never an API token (403 API_TOKEN_NOT_ALLOWED):
     * managing tokens, webhooks, sessions, the password, the e-mail address, sign-in methods, deleting
     * the account, and the live-event stream (it belongs to a session and ends with it).
     */
    sessionOnly?: boolean;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : undefined;
}

/** The caller of a route guarded by `app.authenticate` (a session or an API token). */
export function requireSession(request: FastifyRequest): AuthenticatedSession {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return request.auth;
}

/**
 * The signed-in session of a `sessionOnly` route; the auth hook refused API tokens there already, so
 * the refusal here only guards a route that forgot the flag.
 */
export function requireSignedInSession(request: FastifyRequest): SignedInSession {
  const caller = requireSession(request);
  if (caller.apiToken) throw new AppError('API_TOKEN_NOT_ALLOWED');
  return caller;
}

/** What a token may not do on this route: 403 codes, or undefined when it may. */
function tokenRefusal(request: FastifyRequest, caller: ApiTokenCaller) {
  if (request.routeOptions.config.sessionOnly) return 'API_TOKEN_NOT_ALLOWED' as const;
  if (caller.apiToken.scope === 'read' && !READ_METHODS.has(request.method)) {
    return 'API_TOKEN_READ_ONLY' as const;
  }
  return undefined;
}

export const authPlugin = fp<{ authService: SessionVerifier; apiTokens: ApiTokenVerifier }>(
  async (app, { authService, apiTokens }) => {
    app.decorateRequest('auth', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      let session: AuthenticatedSession | undefined;
      if (token?.startsWith(API_TOKEN_PREFIX)) session = await apiTokens.authenticate(token);
      else if (token) session = await authService.authenticate(token);
      if (!session) throw new AppError('UNAUTHORIZED');
      if (session.apiToken) {
        const refusal = tokenRefusal(request, session);
        if (refusal) throw new AppError(refusal);
        await apiTokens.recordUse(session);
      }
      request.auth = session;
      // Without an explicit Accept-Language, answer in the user's saved language.
      if (!request.headers['accept-language'] && LANGUAGES.includes(session.user.language as Language)) {
        request.language = session.user.language as Language;
      }
    });
  },
);
