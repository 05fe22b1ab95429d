import type { Kysely } from 'kysely';

/**
 * What several instances on one database must share: rate-limit and failed-login counters, and the
 * schedule of periodic jobs. Times here are epoch milliseconds (bigint), not ISO strings: the upsert
 * compares and adds them in SQL the same way on both engines, and no presenter ever shows them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One fixed window per key (`http:…`, `login:…`, `ai:…`); a row past `reset_at` counts as empty and is
  // purged by the scheduler's rate-limit job.
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('reset_at', 'bigint', (col) => col.notNull())
    // The latest hit: the failed-login throttle's growing delay starts from it.
    .addColumn('last_hit_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_counters_reset_idx')
    .on('rate_limit_counters')
    .column('reset_at')
    .execute();

  // One row per periodic job: the instance whose conditional UPDATE moves `next_run_at` runs it.
  await db.schema
    .createTable('scheduled_jobs')
    .addColumn('name', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('next_run_at', 'bigint', (col) => col.notNull())
    // Set while a run is in progress, so a slow run is not started again beside itself; a crashed
    // instance's lease simply runs out.
    .addColumn('locked_until', 'bigint')
    .addColumn('last_finished_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scheduled_jobs').execute();
  await db.schema.dropTable('rate_limit_counters').execute();
}
