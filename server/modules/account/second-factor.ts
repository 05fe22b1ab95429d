import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The second factor as account deletion needs it: whether one is on, and whether a code (or a
 * recovery code) is right. `verify` runs inside the deletion's transaction, so a code it spends is
 * spent only if the account really goes.
 */
export interface SecondFactor {
  isEnabled(userId: number, executor?: Executor): Promise<boolean>;
  verify(userId: number, code: string, executor?: Executor): Promise<boolean>;
}
