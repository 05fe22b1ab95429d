import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The pool, or the transaction of a password change or reset the session ends join. */
type Executor = Kysely<Database> | Transaction<Database>;

export function createSessionsRepo(db: Kysely<Database>) {
  return {
    async insert(userId: number, tokenHash: string, now: string, expiresAt: string): Promise<void> {
      await db
        .insertInto('sessions')
        .values({
          user_id: userId,
          token_hash: tokenHash,
          created_at: now,
          last_used_at: now,
          expires_at: expiresAt,
        })
        .execute();
    },

    /** The session and its user in one query: this runs on every authenticated request. */
    findValidWithUser(tokenHash: string, now: string) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select([
          'sessions.id as session_id',
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
