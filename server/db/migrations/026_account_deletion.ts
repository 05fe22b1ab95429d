import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';

/**
 * Issue 28: a deleted account keeps a tombstone row (`deleted_at` set, address and names erased), so
 * the votes of closed decisions and the comments it leaves keep their foreign keys and the vote
 * tallies of migration 022 stay right. Every read that names people shows it as "Former member".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema.alterTable('users').addColumn('deleted_at', types.timestamp).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
}
