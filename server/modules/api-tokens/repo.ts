import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { ApiTokenScope, Database } from '../../db/schema.ts';

/** The advisory lock class of "one user's tokens" (any constant other locks do not use). */
const API_TOKENS_LOCK = 32_001;

export interface NewApiToken {
  userId: number;
  name: string;
  scope: ApiTokenScope;
  tokenHash: string;
  now: string;
  expiresAt: string | null;
}

/** Personal access tokens (issue 32); nothing else writes `api_tokens`. */
export function createApiTokensRepo(db: Kysely<Database>) {
  return {
    /** The user's tokens, newest first; the hash stays here (the presenter never sees it). */
    listOfUser(userId: number) {
      return db
        .selectFrom('api_tokens')
        .select(['id', 'name', 'scope', 'created_at', 'last_used_at', 'expires_at'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .execute();
    },

    /**
     * Inserts the token unless the user holds `max` already. On PostgreSQL a transaction-scoped advisory
     * lock per user makes parallel creations count one after another; SQLite runs one transaction at a time.
     */
    async insertWithin(token: NewApiToken, max: number): Promise<number | undefined> {
      return db.transaction().execute(async (trx) => {
        if (trx.getExecutor().adapter instanceof PostgresAdapter) {
          await sql`select pg_advisory_xact_lock(${API_TOKENS_LOCK}, ${token.userId})`.execute(trx);
        }
        const { count } = await trx
          .selectFrom('api_tokens')
          .select((eb) => eb.fn.countAll<string | number>().as('count'))
          .where('user_id', '=', token.userId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= max) return undefined;
        const inserted = await trx
          .insertInto('api_tokens')
          .values({
            user_id: token.userId,
            name: token.name,
            scope: token.scope,
            token_hash: token.tokenHash,
            created_at: token.now,
            last_used_at: null,
            expires_at: token.expiresAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return inserted.id;
      });
    },

    /** Revokes one of the user's tokens; false when the user has no token of that id. */
    async deleteOneOfUser(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('api_tokens')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** A live (unexpired) token and its user in one query: this runs on every request a script makes. */
    findValidWithUser(tokenHash: string, now: string) {
      return db
        .selectFrom('api_tokens')
        .innerJoin('users', 'users.id', 'api_tokens.user_id')
        .selectAll('users')
        .select([
          'api_tokens.id as token_id',
          'api_tokens.scope as token_scope',
          'api_tokens.last_used_at as token_last_used_at',
        ])
        .where('api_tokens.token_hash', '=', tokenHash)
        .where((eb) =>
          eb.or([eb('api_tokens.expires_at', 'is', null), eb('api_tokens.expires_at', '>', now)]),
        )
        .executeTakeFirst();
    },

    /** Every token of the user, in the account deletion's transaction. */
    async deleteOfUser(userId: number, trx: Transaction<Database>): Promise<void> {
      await trx.deleteFrom('api_tokens').where('user_id', '=', userId).execute();
    },

    async touch(id: number, now: string): Promise<void> {
      await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
    },
  };
}

export type ApiTokenListRow = Awaited<ReturnType<ApiTokensRepo['listOfUser']>>[number];

export type ApiTokensRepo = ReturnType<typeof createApiTokensRepo>;
