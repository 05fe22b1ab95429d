import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';

/**
 * Issue 27, blind votes that bind: when a voter submitted their vote (final until reopened), and when
 * the owner or an admin last reopened it ("reopened" beside them until they submit anew). Members keep
 * both on their `team_members` row; the owner, who has none, on the decision.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  for (const [table, prefix] of [
    ['team_members', ''],
    ['decisions', 'owner_'],
  ] as const) {
    await db.schema.alterTable(table).addColumn(`${prefix}submitted_at`, types.timestamp).execute();
    await db.schema.alterTable(table).addColumn(`${prefix}reopened_at`, types.timestamp).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, prefix] of [
    ['decisions', 'owner_'],
    ['team_members', ''],
  ] as const) {
    await db.schema.alterTable(table).dropColumn(`${prefix}reopened_at`).execute();
    await db.schema.alterTable(table).dropColumn(`${prefix}submitted_at`).execute();
  }
}
