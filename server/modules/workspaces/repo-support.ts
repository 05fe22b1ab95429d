import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type Executor = Kysely<Database> | Transaction<Database>;

/** A `count(*)` query's number, whichever type the engine returns it as. */
export async function countOf(query: {
  executeTakeFirstOrThrow(): Promise<{ count: number | string | bigint }>;
}): Promise<number> {
  return Number((await query.executeTakeFirstOrThrow()).count);
}
