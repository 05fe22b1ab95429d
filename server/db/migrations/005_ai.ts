import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);

  // AI calls per user and UTC day: the daily cap survives restarts and holds across instances.
  await db.schema
    .createTable('ai_usage')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('ai_usage_pk', ['user_id', 'day'])
    .execute();

  // One row while an AI run on a team decision is in progress: the primary key makes it run once.
  await db.schema
    .createTable('ai_runs')
    .addColumn('decision_id', 'integer', (col) =>
      col.primaryKey().references('decisions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('started_at', types.timestamp, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_runs').execute();
  await db.schema.dropTable('ai_usage').execute();
}
