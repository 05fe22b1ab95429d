import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/schema.ts';

export const DECISION_TABLES = [
  'decisions',
  'options',
  'criteria',
  'evaluations',
  'weights',
  'team_members',
  'comments',
] as const satisfies readonly (keyof Database)[];

export type DecisionTable = (typeof DECISION_TABLES)[number];

/** Every row of the decision tables, in a stable order, for before/after comparisons. */
export async function snapshotDecisionTables(
  app: FastifyInstance,
): Promise<Record<DecisionTable, unknown[]>> {
  const db = app.database.db;
  const snapshot = {} as Record<DecisionTable, unknown[]>;
  for (const table of DECISION_TABLES) {
    snapshot[table] =
      table === 'weights'
        ? await db.selectFrom('weights').selectAll().orderBy('criterion_id').orderBy('user_id').execute()
        : await db.selectFrom(table).selectAll().orderBy('id').execute();
  }
  return snapshot;
}

/** Row counts of the decision tables. */
export async function countDecisionRows(app: FastifyInstance): Promise<Record<DecisionTable, number>> {
  const counts = {} as Record<DecisionTable, number>;
  for (const table of DECISION_TABLES) {
    const row = await app.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  return counts;
}

/** Runs a refused request and asserts every decision, option, criterion, evaluation and comment is as it was. */
export async function expectDecisionTablesUnchanged<T>(
  app: FastifyInstance,
  action: () => Promise<T>,
): Promise<T> {
  const before = await snapshotDecisionTables(app);
  const result = await action();
  expect(await snapshotDecisionTables(app)).toEqual(before);
  return result;
}
