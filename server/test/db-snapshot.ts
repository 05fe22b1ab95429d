import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/schema.ts';

export type AccountTable = keyof Database;

const ACCOUNT_TABLES: AccountTable[] = ['users', 'sessions', 'avatars'];

export async function countRows(app: FastifyInstance, table: AccountTable): Promise<number> {
  const row = await app.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Every row of the account tables, in a stable order, for before/after comparisons. */
export async function snapshotAccounts(app: FastifyInstance): Promise<Record<AccountTable, unknown[]>> {
  const db = app.database.db;
  const snapshot = {} as Record<AccountTable, unknown[]>;
  for (const table of ACCOUNT_TABLES) {
    snapshot[table] = await db.selectFrom(table).selectAll().orderBy('id').execute();
  }
  return snapshot;
}

/** Runs a refused request and asserts it left users, sessions and avatars exactly as they were. */
export async function expectDatabaseUnchanged<T>(app: FastifyInstance, action: () => Promise<T>): Promise<T> {
  const before = await snapshotAccounts(app);
  const result = await action();
  expect(await snapshotAccounts(app)).toEqual(before);
  return result;
}

/** Runs a refused request and asserts the given tables kept exactly their rows. */
export async function expectTablesUnchanged<T>(
  app: FastifyInstance,
  tables: AccountTable[],
  action: () => Promise<T>,
): Promise<T> {
  const snapshot = () =>
    Promise.all(tables.map((table) => app.database.db.selectFrom(table).selectAll().orderBy('id').execute()));
  const before = await snapshot();
  const result = await action();
  expect(await snapshot()).toEqual(before);
  return result;
}
