import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';

/**
 * Issue 25: who ended voting by hand and when, so screens say "Voting ended by Ada on …" instead of
 * "Deadline expired". Both stay null when the deadline simply passed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .alterTable('decisions')
    .addColumn('voting_ended_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('decisions').addColumn('voting_ended_at', types.timestamp).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('decisions').dropColumn('voting_ended_at').execute();
  await db.schema.alterTable('decisions').dropColumn('voting_ended_by').execute();
}
