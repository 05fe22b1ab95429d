import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';

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

    /** New password and the end of every other session commit together or not at all. */
    async replacePasswordEndingOtherSessions(
      userId: number,
      passwordHash: string,
      keepTokenHash: string,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: isoNow() })
          .where('id', '=', userId)
          .execute();
        await trx
          .deleteFrom('sessions')
          .where('user_id', '=', userId)
          .where('token_hash', '!=', keepTokenHash)
          .execute();
      });
    },

    async deleteExpired(now: string): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
    },
  };
}

export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
