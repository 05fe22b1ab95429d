import type { Transaction } from 'kysely';
import { API_TOKEN_PREFIX, type CreateApiTokenRequest } from '../../../shared/api/api-tokens.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import { isoNow } from '../../db/values.ts';
import type { Database } from '../../db/schema.ts';
import type { ApiTokenCaller, ApiTokenVerifier } from '../../plugins/auth.ts';
import { generateToken, hashToken } from '../auth/index.ts';
import type { ApiTokensRepo } from './repo.ts';

const DAY_MS = 24 * 3600_000;
const LAST_USED_EVERY_MS = LIMITS.apiToken.lastUsedEveryMinutes * 60_000;

/** Personal access tokens (issue 32): created, listed and revoked by their user's session. */
export function createApiTokensService(deps: { tokens: ApiTokensRepo }) {
  const { tokens } = deps;

  return {
    /** The new token, shown this once: only its hash is stored (409 TOO_MANY_API_TOKENS at the limit). */
    async create(userId: number, request: CreateApiTokenRequest): Promise<{ id: number; token: string }> {
      const token = `${API_TOKEN_PREFIX}${generateToken()}`;
      const nowMs = Date.now();
      const max = LIMITS.apiToken.maxPerUser;
      const id = await tokens.insertWithin(
        {
          userId,
          name: request.name,
          scope: request.scope,
          tokenHash: hashToken(token),
          now: new Date(nowMs).toISOString(),
          expiresAt:
            request.expires_in_days === undefined
              ? null
              : new Date(nowMs + request.expires_in_days * DAY_MS).toISOString(),
        },
        max,
      );
      if (id === undefined) throw new AppError('TOO_MANY_API_TOKENS', undefined, { messageParams: { max } });
      return { id, token };
    },

    list(userId: number) {
      return tokens.listOfUser(userId);
    },

    /** Account deletion (modules/account) removes every token of the account with it. */
    deleteOfUser(userId: number, trx: Transaction<Database>): Promise<void> {
      return tokens.deleteOfUser(userId, trx);
    },

    /** Revokes one of the user's tokens at once (the next request with it gets 401); another's id: 404. */
    async revoke(userId: number, id: number): Promise<void> {
      if (!(await tokens.deleteOneOfUser(userId, id))) throw new AppError('NOT_FOUND');
    },
  };
}

/**
 * Resolves a `dc_pat_` bearer token (the auth plugin's `ApiTokenVerifier`): one indexed query per
 * request, so a revoked or expired token is refused at once on every instance. The last use is written
 * once the token was let through (a refused request changes nothing), at most once a minute per token.
 */
export function createApiTokenVerifier(tokens: ApiTokensRepo): ApiTokenVerifier {
  return {
    async authenticate(token: string): Promise<ApiTokenCaller | undefined> {
      const tokenHash = hashToken(token);
      const now = isoNow();
      const found = await tokens.findValidWithUser(tokenHash, now);
      if (!found) return undefined;
      const { token_id, token_scope, token_last_used_at, ...user } = found;
      const lastUsedAt = token_last_used_at === null ? null : new Date(token_last_used_at).getTime();
      return { user, tokenHash, sessionId: null, apiToken: { id: token_id, scope: token_scope, lastUsedAt } };
    },

    async recordUse({ apiToken }: ApiTokenCaller): Promise<void> {
      if (apiToken.lastUsedAt !== null && Date.now() - apiToken.lastUsedAt < LAST_USED_EVERY_MS) return;
      await tokens.touch(apiToken.id, isoNow());
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
