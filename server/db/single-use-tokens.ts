import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** Tables of mailed single-use links: `token_hash`, `user_id`, `expires_at`, `used_at`. */
export type SingleUseTokenTable =
  'password_reset_tokens' | 'email_verification_tokens' | 'email_change_tokens';

/**
 * Uses a mailed link and does its work in one transaction. The guarded UPDATE (`used_at IS NULL`,
 * not expired) lets exactly one of several parallel requests through; `work` runs only for that one,
 * and the user's other open links of the same kind end with it, so an older mail cannot be used later.
 * Returns the user's id, or undefined (changing nothing) for unknown, used or expired tokens.
 */
export function consumeSingleUseToken(
  db: Kysely<Database>,
  table: SingleUseTokenTable,
  tokenHash: string,
  now: string,
  work: (userId: number, trx: Transaction<Database>) => Promise<void>,
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable(table)
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    if (!used) return undefined;
    await work(used.user_id, trx);
    await trx
      .updateTable(table)
      .set({ used_at: now })
      .where('user_id', '=', used.user_id)
      .where('used_at', 'is', null)
      .execute();
    return used.user_id;
  });
}

/**
 * Deletes the links that can never be used again (used or expired) once they no longer count toward
 * the per-account mail limit either (`countedSince`: the start of that limit's window). Answers how many.
 */
export async function purgeSpentTokens(
  db: Kysely<Database>,
  table: SingleUseTokenTable,
  { now, countedSince }: { now: string; countedSince: string },
): Promise<number> {
  const result = await db
    .deleteFrom(table)
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now)]))
    .where('created_at', '<=', countedSince)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
