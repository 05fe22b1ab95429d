import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { consumeSingleUseToken } from '../../db/single-use-tokens.ts';
import type { UsersRepo } from '../users/index.ts';

/** The confirmation tokens. The user row belongs to the users module, whose repo writes it here. */
export function createEmailVerificationRepo(
  db: Kysely<Database>,
  owners: { users: Pick<UsersRepo, 'lockRow' | 'confirmEmail'> },
) {
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
        await owners.users.lockRow(values.userId, trx);
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
     * Uses the token and confirms the address in one transaction (see `consumeSingleUseToken`).
     * Returns the user id, or undefined (changing nothing) for unknown, used or expired tokens.
     */
    consumeAndVerify(tokenHash: string, now: string): Promise<number | undefined> {
      return consumeSingleUseToken(db, 'email_verification_tokens', tokenHash, now, (userId, trx) =>
        owners.users.confirmEmail(userId, now, trx),
      );
    },
  };
}

export type EmailVerificationRepo = ReturnType<typeof createEmailVerificationRepo>;
