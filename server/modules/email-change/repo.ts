import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { consumeSingleUseToken } from '../../db/single-use-tokens.ts';
import { AppError } from '../../app-error.ts';
import { hashToken } from '../auth/index.ts';
import type { UsersRepo } from '../users/index.ts';

/** What a link remembers of the password it was asked with (never the hash itself). */
export function passwordFingerprintOf(passwordHash: string): string {
  return hashToken(passwordHash);
}

/** The pending address changes. The user row belongs to the users module, whose repo writes it here. */
export function createEmailChangeRepo(
  db: Kysely<Database>,
  owners: { users: Pick<UsersRepo, 'changeEmail'> },
) {
  return {
    async insert(values: {
      userId: number;
      tokenHash: string;
      newEmail: string;
      passwordFingerprint: string;
      now: string;
      expiresAt: string;
    }): Promise<void> {
      await db
        .insertInto('email_change_tokens')
        .values({
          user_id: values.userId,
          token_hash: values.tokenHash,
          new_email: values.newEmail,
          password_fingerprint: values.passwordFingerprint,
          created_at: values.now,
          expires_at: values.expiresAt,
        })
        .execute();
    },

    /**
     * Uses the link and moves the account to its address in one transaction (see
     * `consumeSingleUseToken`; the user's other pending changes end with it). Undefined, changing
     * nothing, for unknown, used or expired links; 400 INVALID_EMAIL_CHANGE_LINK, changing nothing,
     * when the password changed since the request; 409 EMAIL_CHANGE_ADDRESS_TAKEN, changing nothing
     * and leaving the link usable, when another account has the address by now.
     */
    consumeAndChange(tokenHash: string, now: string): Promise<number | undefined> {
      return consumeSingleUseToken(db, 'email_change_tokens', tokenHash, now, async (userId, trx) => {
        const { new_email, password_fingerprint, password_hash } = await trx
          .selectFrom('email_change_tokens')
          .innerJoin('users', 'users.id', 'email_change_tokens.user_id')
          .select([
            'email_change_tokens.new_email',
            'email_change_tokens.password_fingerprint',
            'users.password_hash',
          ])
          .where('email_change_tokens.token_hash', '=', tokenHash)
          .executeTakeFirstOrThrow();
        if (passwordFingerprintOf(password_hash) !== password_fingerprint) {
          throw new AppError('INVALID_EMAIL_CHANGE_LINK');
        }
        if (!(await owners.users.changeEmail(userId, new_email, now, trx))) {
          throw new AppError('EMAIL_CHANGE_ADDRESS_TAKEN');
        }
      });
    },
  };
}

export type EmailChangeRepo = ReturnType<typeof createEmailChangeRepo>;
