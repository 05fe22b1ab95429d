import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { consumeSingleUseToken } from '../../db/single-use-tokens.ts';
import type { SessionsRepo } from '../auth/index.ts';
import type { UsersRepo } from '../users/index.ts';

/**
 * The reset tokens. The password and the sessions belong to the users and auth modules; their repos
 * write them inside the reset's transaction.
 */
export function createPasswordResetRepo(
  db: Kysely<Database>,
  owners: { users: Pick<UsersRepo, 'setPasswordHash'>; sessions: Pick<SessionsRepo, 'deleteOfUser'> },
) {
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

    /** The user a token would reset the password of, or undefined when it is unknown, used or expired. */
    async userOfUsable(tokenHash: string, now: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('password_reset_tokens')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row?.user_id;
    },

    /**
     * Uses the token and sets the password in one transaction (see `consumeSingleUseToken`); every
     * session of the user ends with it. Returns the user's id, or undefined (and changes nothing) for
     * unknown, used or expired tokens.
     */
    consumeAndSetPassword(tokenHash: string, passwordHash: string, now: string): Promise<number | undefined> {
      return consumeSingleUseToken(db, 'password_reset_tokens', tokenHash, now, async (userId, trx) => {
        await owners.users.setPasswordHash(userId, passwordHash, trx);
        await owners.sessions.deleteOfUser(userId, undefined, trx);
      });
    },
  };
}

export type PasswordResetRepo = ReturnType<typeof createPasswordResetRepo>;
