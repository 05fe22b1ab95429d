import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A query runs on the pool or inside the caller's transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** Ids per `IN (…)` list: far below the bind-parameter limits of SQLite (32,766) and PostgreSQL (65,535). */
const IDS_PER_QUERY = 1000;

/** Runs `query` per slice of `ids` and concatenates the rows (one query for up to IDS_PER_QUERY ids). */
export async function inSlices<T>(
  ids: readonly number[],
  query: (slice: number[]) => Promise<T[]>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    rows.push(...(await query(ids.slice(start, start + IDS_PER_QUERY))));
  }
  return rows;
}
