import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Migrator, type Kysely } from 'kysely';
import pg from 'pg';
import { afterEach } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import type { Database, DecisionType } from '../db/schema.ts';
import { migrations } from '../db/migrations/index.ts';

/** Runs on SQLite, or on PostgreSQL in a schema of its own when DATABASE_URL is set. */
const databaseUrl = process.env.DATABASE_URL || undefined;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

export async function databaseAt(migration: string): Promise<{ handle: DatabaseHandle; migrator: Migrator }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-migration-'));
  const schema = databaseUrl ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const handle = await openDatabase({ dataDir, databaseUrl, schema });
  if (schema) await handle.db.schema.createSchema(schema).ifNotExists().execute();
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
  const { error } = await migrator.migrateTo(migration);
  if (error) throw error;
  cleanups.push(async () => {
    await handle.close();
    if (databaseUrl && schema) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { handle, migrator };
}

/** A database with every migration applied, for code that needs tables but no app (counters, scheduler). */
export async function latestDatabase(): Promise<DatabaseHandle> {
  const { handle } = await databaseAt(Object.keys(migrations).at(-1)!);
  return handle;
}

/** A user's decision with one option and one criterion, as rows of the schema at any migration since 002. */
export async function seedDecision(
  db: Kysely<Database>,
  {
    type = 'team',
    importance = 100,
    score = null,
  }: { type?: DecisionType; importance?: number; score?: number | null } = {},
) {
  const now = new Date().toISOString();
  const user = await db
    .insertInto('users')
    .values({
      email: `m-${randomBytes(4).toString('hex')}@example.com`,
      password_hash: 'x',
      nickname: null,
      first_name: null,
      last_name: null,
      birthday: null,
      language: 'en',
      avatar_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const decision = await db
    .insertInto('decisions')
    .values({
      user_id: user.id,
      name: 'D',
      description: '',
      mode: 'manual',
      type,
      score,
      timer: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const option = await db
    .insertInto('options')
    .values({ decision_id: decision.id, name: 'A', position: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const criterion = await db
    .insertInto('criteria')
    .values({ decision_id: decision.id, name: 'C', importance, position: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cell = (userId: number | null, value: number) => ({
    decision_id: decision.id,
    option_id: option.id,
    criterion_id: criterion.id,
    user_id: userId,
    value,
    explanation: null,
    generated_by: userId === null ? ('ai' as const) : ('user' as const),
    updated_at: now,
  });
  return { userId: user.id, decisionId: decision.id, cell };
}
