import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';

/**
 * Issue 30: frozen results. A decision's result as it stood when voting ended, when an outcome was
 * recorded, or when the owner of a personal decision saved a named snapshot. `result` is JSON
 * ({ ranking, participation, weights, agreement, robustness }, names copied in), written once and never
 * changed; deleting the decision deletes its snapshots.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .createTable('decision_snapshots')
    .addColumn('id', 'integer', types.identity)
    .addColumn('decision_id', 'integer', (col) =>
      col.notNull().references('decisions.id').onDelete('cascade'),
    )
    .addColumn('at', types.timestamp, (col) => col.notNull())
    // 'voting_ended' | 'outcome_recorded' | 'manual'
    .addColumn('reason', 'varchar(20)', (col) => col.notNull())
    .addColumn('label', 'varchar(200)')
    .addColumn('result', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('decision_snapshots_decision_idx')
    .on('decision_snapshots')
    .columns(['decision_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('decision_snapshots').execute();
}
