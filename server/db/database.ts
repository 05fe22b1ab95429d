import fs from 'node:fs';
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema.ts';
import { migrations } from './migrations/index.ts';
import { createChangeFeed, type ChangeFeed } from './change-feed.ts';
import { watchWrites } from './write-watch.ts';
import { takingTurnsPerStatement } from './statement-turns.ts';

export type DatabaseEngine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  /** PostgreSQL pool; undefined on SQLite. */
  pool?: pg.Pool;
  /** PostgreSQL: a dedicated connection outside the pool (LISTEN holds its connection for good). */
  connectListener?: () => Promise<pg.Client>;
  /** Which schema this app's data lives in, so instances of other schemas ignore our events. */
  scope: string;
  /** What in-memory caches must forget: this process's commits, other instances', lost track. */
  changes: ChangeFeed;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to use (created if missing); tests isolate each file this way. */
  schema?: string | undefined;
}

// Each driver is loaded only when selected, which keeps start-up fast.
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    // bigint comes back as a string by default; our counts are small, so parse int8 as numbers.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // The listener (the event bus) reports the triggers' notifications and its own state to the feed.
    const changes = createChangeFeed({ engine: 'postgres' });
    const dialect = watchWrites(new PostgresDialect({ pool }), (writes) => changes.committedLocally(writes));
    const db = new Kysely<Database>({ dialect });
    const connectListener = async () => {
      // Named, so an operator (or a test) can find and cut this instance's listener in pg_stat_activity.
      const client = new pg.Client({
        connectionString: options.databaseUrl,
        application_name: `decision-compass listener ${process.pid}`,
      });
      await client.connect();
      return client;
    };
    return {
      db,
      engine: 'postgres',
      pool,
      connectListener,
      scope: options.schema ?? 'public',
      changes,
      close: () => db.destroy(),
    };
  }

  fs.mkdirSync(options.dataDir, { recursive: true });
  const { default: BetterSqlite } = await import('better-sqlite3');
  const sqlite = new BetterSqlite(path.join(options.dataDir, 'app.sqlite'));
  // WAL for concurrent readers; FULL fsyncs every commit so a crash loses nothing acknowledged.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // SQLite's lower() folds ASCII only; the decision list's search and name order fold "Ä" like PostgreSQL's
  // lower() does. Used in queries only (never in an index or a view), so other tools can still open the file.
  sqlite.function('fold_case', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? text.toLowerCase() : null,
  );
  // Another connection's commit (a second instance on the file, a script) changes data_version.
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  let seenVersion = dataVersion.get();
  const changes = createChangeFeed({
    engine: 'sqlite',
    hasOutsideCommits: () => {
      const version = dataVersion.get();
      if (version === seenVersion) return false;
      seenVersion = version;
      return true;
    },
  });
  const sqliteDialect = takingTurnsPerStatement(new SqliteDialect({ database: withStatementCache(sqlite) }));
  const dialect = watchWrites(sqliteDialect, (writes) => changes.committedLocally(writes));
  const db = new Kysely<Database>({ dialect });
  return { db, engine: 'sqlite', scope: 'sqlite', changes, close: () => db.destroy() };
}

/**
 * Kysely prepares every query anew; preparing costs more than running a small query, so reuse
 * statements by SQL text. Safe because Kysely runs each statement to completion synchronously.
 */
function withStatementCache(sqlite: SqliteDatabase.Database, maxStatements = 500): SqliteDatabase.Database {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property !== 'prepare') {
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (sql: string) => {
        let statement = statements.get(sql);
        if (!statement) {
          statement = target.prepare(sql);
          if (statements.size >= maxStatements) statements.clear();
          statements.set(sql, statement);
        }
        return statement;
      };
    },
  });
}

const staticProvider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(handle: DatabaseHandle, schema?: string): Promise<void> {
  // Kysely's "do the migration tables exist" check looks at every schema; pin it to ours, or a
  // sibling schema's tables (another test file, another app in the database) make migration fail.
  // The Migrator also creates that schema, tolerating an instance starting beside us (a plain
  // CREATE SCHEMA IF NOT EXISTS can still fail when two run at once), and runs the migrations under
  // its lock, so instances started together migrate once.
  const migrationTableSchema = handle.engine === 'postgres' ? schema : undefined;
  const migrator = new Migrator({ db: handle.db, provider: staticProvider, migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? failed?.migrationName);
    throw new Error(`Database migration failed: ${cause}`);
  }
}
