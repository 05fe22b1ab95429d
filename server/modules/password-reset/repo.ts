import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function createPasswordResetRepo(db: Kysely<Database>) {
  return {
    async insert(userId: number, tokenHash: string, now: string, expiresAt: string): Promise<void> {
      await db
        .insertInto('password_reset_tokens')
        .values({ user_id: userId, token_hash: tokenHash, created_at: now, expires_at: expiresAt })
        .execute();
    },

    async countIssuedSince(userId: number, since: string): Promise<number> {
      const row = await db
        .selectFrom('password_reset_tokens')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async isUsable(tokenHash: string, now: string): Promise<boolean> {
      const row = await db
        .selectFrom('password_reset_tokens')
        .select('id')
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Uses the token and sets the password in one transaction: the guarded UPDATE lets exactly one
     * of several parallel requests through. Every session and every other open reset link of the
     * user end with it. Returns the user's id, or undefined (and changes nothing) for unknown, used or
     * expired tokens.
     */
    consumeAndSetPassword(tokenHash: string, passwordHash: string, now: string): Promise<number | undefined> {
      return db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('password_reset_tokens')
          .set({ used_at: now })
          .where('token_hash', '=', tokenHash)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .returning('user_id')
          .executeTakeFirst();
        if (!used) return undefined;
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: now })
          .where('id', '=', used.user_id)
          .execute();
        await trx.deleteFrom('sessions').where('user_id', '=', used.user_id).execute();
        await trx
          .updateTable('password_reset_tokens')
          .set({ used_at: now })
          .where('user_id', '=', used.user_id)
          .where('used_at', 'is', null)
          .execute();
        return used.user_id;
      });
    },
  };
}

export type PasswordResetRepo = ReturnType<typeof createPasswordResetRepo>;
