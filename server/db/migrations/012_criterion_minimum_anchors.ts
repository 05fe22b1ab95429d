import type { Kysely } from 'kysely';

/**
 * Issue 17: a criterion may carry a must-have `minimum` (an integer on the decision's scale; options
 * below it are knocked out of the top) and scale anchors, short texts for what its lowest and highest
 * score mean. All nullable: existing criteria have neither.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('criteria').addColumn('minimum', 'integer').execute();
  await db.schema.alterTable('criteria').addColumn('anchor_low', 'text').execute();
  await db.schema.alterTable('criteria').addColumn('anchor_high', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('criteria').dropColumn('anchor_high').execute();
  await db.schema.alterTable('criteria').dropColumn('anchor_low').execute();
  await db.schema.alterTable('criteria').dropColumn('minimum').execute();
}
