import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function createEmailVerificationRepo(db: Kysely<Database>) {
  return {
    /**
     * Inserts a token unless the user already had `limit` of them since `since`. The user row is
     * locked first (PostgreSQL; SQLite serialises writers anyway), so parallel requests cannot both
     * pass the count.
     */
    insertWithinLimit(
      values: { userId: number; tokenHash: string; now: string; expiresAt: string },
      limit: { since: string; max: number },
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set((eb) => ({ updated_at: eb.ref('updated_at') }))
          .where('id', '=', values.userId)
          .execute();
        const issued = await trx
          .selectFrom('email_verification_tokens')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('user_id', '=', values.userId)
          .where('created_at', '>', limit.since)
          .executeTakeFirstOrThrow();
        if (Number(issued.count) >= limit.max) return false;
        await trx
          .insertInto('email_verification_tokens')
          .values({
            user_id: values.userId,
            token_hash: values.tokenHash,
            created_at: values.now,
            expires_at: values.expiresAt,
          })
          .execute();
        return true;
      });
    },

    /**
     * Uses the token and confirms the address in one transaction: the guarded UPDATE lets exactly one
     * of several parallel requests through, and the user's other open links end with it. Returns the
     * user id, or undefined (changing nothing) for unknown, used or expired tokens.
     */
    consumeAndVerify(tokenHash: string, now: string): Promise<number | undefined> {
      return db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('email_verification_tokens')
          .set({ used_at: now })
          .where('token_hash', '=', tokenHash)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .returning('user_id')
          .executeTakeFirst();
        if (!used) return undefined;
        await trx
          .updateTable('users')
          .set({ email_verified_at: now })
          .where('id', '=', used.user_id)
          .where('email_verified_at', 'is', null)
          .execute();
        await trx
          .updateTable('email_verification_tokens')
          .set({ used_at: now })
          .where('user_id', '=', used.user_id)
          .where('used_at', 'is', null)
          .execute();
        return used.user_id;
      });
    },
  };
}

export type EmailVerificationRepo = ReturnType<typeof createEmailVerificationRepo>;
