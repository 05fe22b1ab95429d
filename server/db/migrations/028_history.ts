import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';

/**
 * Issue 30: the history of a decision, one append-only row per change written in the same transaction
 * as the change, and the versions of a personal decision's matrix (one row per save, which its history
 * rows point to). Deleting the decision deletes both; a deleted account stays a tombstone row
 * (migration 026), so `actor_id`/`subject_id` keep their rows and read as "Former member".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable('decision_versions')
    .addColumn('id', 'integer', types.identity)
    .addColumn('decision_id', 'integer', (col) =>
      col.notNull().references('decisions.id').onDelete('cascade'),
    )
    .addColumn('created_at', types.timestamp, (col) => col.notNull())
    // JSON of shared/api/history.ts `StoredMatrix`: options, criteria (importance, minimum, anchors),
    // evaluations (values, explanations) right after the save.
    .addColumn('matrix', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('decision_versions_decision_idx')
    .on('decision_versions')
    .columns(['decision_id', 'id'])
    .execute();

  await db.schema
    .createTable('decision_history')
    .addColumn('id', 'integer', types.identity)
    .addColumn('decision_id', 'integer', (col) =>
      col.notNull().references('decisions.id').onDelete('cascade'),
    )
    .addColumn('at', types.timestamp, (col) => col.notNull())
    .addColumn('kind', 'varchar(30)', (col) => col.notNull())
    // null: System (a job such as the deadline passing).
    .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    // The member that member kinds are about.
    .addColumn('subject_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    // JSON array of shared/api/history.ts `HistoryChange`.
    .addColumn('changes', 'text', (col) => col.notNull())
    .addColumn('version_id', 'integer', (col) => col.references('decision_versions.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('decision_history_decision_idx')
    .on('decision_history')
    .columns(['decision_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('decision_history').execute();
  await db.schema.dropTable('decision_versions').execute();
}
