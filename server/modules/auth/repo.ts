import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SessionClient } from './session-client.ts';

/** The pool, or the transaction of a password change or reset the session ends join. */
type Executor = Kysely<Database> | Transaction<Database>;

export function createSessionsRepo(db: Kysely<Database>) {
  return {
    async insert(
      userId: number,
      tokenHash: string,
      times: { now: string; expiresAt: string },
      client: SessionClient,
    ): Promise<void> {
      await db
        .insertInto('sessions')
        .values({
          user_id: userId,
          token_hash: tokenHash,
          created_at: times.now,
          last_used_at: times.now,
          expires_at: times.expiresAt,
          user_agent: client.userAgent,
          ip_hint: client.ipHint,
        })
        .execute();
    },

    /** The user's live sessions, most recently used first. */
    listOfUser(userId: number, now: string) {
      return db
        .selectFrom('sessions')
        .select(['id', 'token_hash', 'created_at', 'last_used_at', 'user_agent', 'ip_hint'])
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .orderBy('last_used_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Ends one session of the user; false when the user has no session of that id. */
    async deleteOneOfUser(userId: number, sessionId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('sessions')
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The session and its user in one query: this runs on every authenticated request. */
    findValidWithUser(tokenHash: string, now: string) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select([
          'sessions.id as session_id',
          'sessions.created_at as session_created_at',
          'sessions.last_used_at as session_last_used_at',
          'sessions.expires_at as session_expires_at',
        ])
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.expires_at', '>', now)
        .executeTakeFirst();
    },

    async slide(id: number, now: string, expiresAt: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_used_at: now, expires_at: expiresAt })
        .where('id', '=', id)
        .execute();
    },

    async deleteByHash(tokenHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    },

    /** Ends every session of the user, but the one of `keepTokenHash` when given. */
    async deleteOfUser(userId: number, keepTokenHash?: string, executor: Executor = db): Promise<void> {
      let query = executor.deleteFrom('sessions').where('user_id', '=', userId);
      if (keepTokenHash !== undefined) query = query.where('token_hash', '!=', keepTokenHash);
      await query.execute();
    },

    /** Runs `work` in one transaction (a password change with the end of other sessions). */
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    async deleteExpired(now: string): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
    },
  };
}

export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
