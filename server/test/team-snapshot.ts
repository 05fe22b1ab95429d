import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/schema.ts';

/** Every table of the schema: a refusal must leave all of them as they were. */
export const ALL_TABLES = [
  'users',
  'sessions',
  'avatars',
  'decisions',
  'options',
  'criteria',
  'evaluations',
  'weights',
  'team_members',
  'comments',
  'invitations',
  'notifications',
] as const satisfies readonly (keyof Database)[];

export type AnyTable = (typeof ALL_TABLES)[number];

/** Every row of every table in a stable order, for before/after comparisons. */
export async function snapshotAllTables(app: FastifyInstance): Promise<Record<AnyTable, unknown[]>> {
  const db = app.database.db;
  const snapshot = {} as Record<AnyTable, unknown[]>;
  for (const table of ALL_TABLES) {
    snapshot[table] =
      table === 'weights'
        ? await db.selectFrom('weights').selectAll().orderBy('criterion_id').orderBy('user_id').execute()
        : await db.selectFrom(table).selectAll().orderBy('id').execute();
  }
  return snapshot;
}

/** Runs a refused request and asserts that no table changed: no row added, removed or altered. */
export async function expectNothingChanged<T>(app: FastifyInstance, action: () => Promise<T>): Promise<T> {
  const before = await snapshotAllTables(app);
  const result = await action();
  expect(await snapshotAllTables(app)).toEqual(before);
  return result;
}
