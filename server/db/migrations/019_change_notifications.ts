import { sql, type Kysely } from 'kysely';
import { PostgresAdapter } from 'kysely';

// The tables in-memory caches hold rows of, and which writes make those rows stale.
const WATCHED = [
  { table: 'users', events: 'UPDATE OR DELETE' },
  // A session only ends by deletion; sliding its expiry changes nothing a cache must forget.
  { table: 'sessions', events: 'DELETE' },
  { table: 'decisions', events: 'INSERT OR UPDATE OR DELETE' },
  { table: 'team_members', events: 'INSERT OR UPDATE OR DELETE' },
] as const;

/**
 * Issue 26: every instance caches sessions, users and decision rows in memory. On PostgreSQL these
 * triggers tell every instance what changed, whoever wrote it: NOTIFY is sent inside the writing
 * transaction and delivered only when it commits (see server/db/change-feed.ts). SQLite needs none:
 * its one process sees its own writes, and `PRAGMA data_version` reveals any other connection's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    CREATE OR REPLACE FUNCTION notify_cache_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
    BEGIN
      PERFORM pg_notify('decision_compass_changes', jsonb_build_object(
        'scope', TG_TABLE_SCHEMA,
        'table', TG_TABLE_NAME,
        'op', lower(TG_OP),
        'id', changed -> 'id',
        'user_id', CASE WHEN TG_TABLE_NAME = 'users' THEN changed -> 'id' ELSE changed -> 'user_id' END
      )::text);
      RETURN NULL;
    END $$`.execute(db);
  for (const { table, events } of WATCHED) {
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_notify_cache_change`)} AFTER ${sql.raw(events)} ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION notify_cache_change()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const { table } of WATCHED) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(`${table}_notify_cache_change`)} ON ${sql.table(table)}`.execute(
      db,
    );
  }
  await sql`DROP FUNCTION IF EXISTS notify_cache_change()`.execute(db);
}
