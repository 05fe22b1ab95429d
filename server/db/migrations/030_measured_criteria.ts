import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';

/**
 * Issue 31: measured criteria. A criterion has a `kind` ('score', every existing one, or 'measure')
 * and, when measured, a `unit`, a `direction` ('higher' | 'lower' is better) and optional `worst` and
 * `best` (null: default to the options' worst and best raw values). An evaluation of a measured cell
 * keeps the raw number in `measure` and the score computed from it in `value`; a team's facts are
 * evaluations without a user, `generated_by` 'fact' (the vote tallies count only 'user' rows). A
 * must-have on a measured criterion is in its unit, so `minimum` may hold decimals.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .alterTable('criteria')
    .addColumn('kind', 'varchar(10)', (col) => col.notNull().defaultTo('score'))
    .execute();
  await db.schema.alterTable('criteria').addColumn('unit', 'varchar(12)').execute();
  await db.schema.alterTable('criteria').addColumn('direction', 'varchar(10)').execute();
  await db.schema.alterTable('criteria').addColumn('worst', types.real).execute();
  await db.schema.alterTable('criteria').addColumn('best', types.real).execute();
  await db.schema.alterTable('evaluations').addColumn('measure', types.real).execute();
  // SQLite's integer affinity keeps a decimal as it is; PostgreSQL needs the type changed.
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table criteria alter column minimum type double precision`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table criteria alter column minimum type integer using round(minimum)`.execute(db);
  }
  await db.schema.alterTable('evaluations').dropColumn('measure').execute();
  for (const column of ['best', 'worst', 'direction', 'unit', 'kind'])
    await db.schema.alterTable('criteria').dropColumn(column).execute();
}
