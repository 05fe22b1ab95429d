import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../db/schema.ts';

/**
 * Every table of the schema with the columns that order its rows. Typed over `keyof Database`, so a
 * new table fails the typecheck until it is listed here: a refusal must leave all of them as they were.
 */
const ROW_ORDER: { [Table in keyof Database]: readonly (keyof Database[Table] & string)[] } = {
  users: ['id'],
  sessions: ['id'],
  avatars: ['id'],
  decisions: ['id'],
  options: ['id'],
  criteria: ['id'],
  evaluations: ['id'],
  weights: ['criterion_id', 'user_id'],
  team_members: ['id'],
  comments: ['id'],
  invitations: ['id'],
  notifications: ['id'],
  password_reset_tokens: ['id'],
  email_verification_tokens: ['id'],
  contact_messages: ['id'],
  ai_usage: ['user_id', 'day'],
  ai_runs: ['decision_id'],
};

export const ALL_TABLES = Object.keys(ROW_ORDER) as (keyof Database)[];

export type AnyTable = keyof Database;

/** Every row of every table (but `except`) in a stable order, for before/after comparisons. */
export async function snapshotAllTables(
  app: FastifyInstance,
  except: readonly AnyTable[] = [],
): Promise<Partial<Record<AnyTable, unknown[]>>> {
  const db = app.database.db;
  const snapshot: Partial<Record<AnyTable, unknown[]>> = {};
  for (const table of ALL_TABLES.filter((name) => !except.includes(name))) {
    const order = sql.join(ROW_ORDER[table].map((column) => sql.ref(column)));
    const { rows } = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table)} order by ${order}`.execute(db);
    snapshot[table] = rows;
  }
  return snapshot;
}

/**
 * Runs a refused request and asserts that no table changed: no row added, removed or altered.
 * `except` names tables the refusal may rightly touch (e.g. `ai_usage`: a failed model call still counts).
 */
export async function expectNothingChanged<T>(
  app: FastifyInstance,
  action: () => Promise<T>,
  options: { except?: readonly AnyTable[] } = {},
): Promise<T> {
  const before = await snapshotAllTables(app, options.except);
  const result = await action();
  expect(await snapshotAllTables(app, options.except)).toEqual(before);
  return result;
}
