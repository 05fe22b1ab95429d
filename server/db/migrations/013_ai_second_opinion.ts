import type { Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';

/**
 * Issue 18, AI as a second opinion. A personal cell keeps what the AI proposed (`ai_value`,
 * `ai_explanation`) when its owner changes the value. A team decision's AI opinion lives apart from
 * the members' votes, in a table of its own, so it can never count in the team result.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema.alterTable('evaluations').addColumn('ai_value', 'integer').execute();
  await db.schema.alterTable('evaluations').addColumn('ai_explanation', 'text').execute();

  // One row per cell of the latest run; a new run replaces them all.
  await db.schema
    .createTable('ai_opinions')
    .addColumn('decision_id', 'integer', (col) =>
      col.notNull().references('decisions.id').onDelete('cascade'),
    )
    .addColumn('option_id', 'integer', (col) => col.notNull().references('options.id').onDelete('cascade'))
    .addColumn('criterion_id', 'integer', (col) =>
      col.notNull().references('criteria.id').onDelete('cascade'),
    )
    .addColumn('value', 'integer', (col) => col.notNull())
    .addColumn('explanation', 'text')
    .addColumn('created_at', types.timestamp, (col) => col.notNull())
    .addPrimaryKeyConstraint('ai_opinions_pk', ['decision_id', 'option_id', 'criterion_id'])
    .execute();
  // Deleting an option or criterion cascades here; without these it would scan the table.
  await db.schema.createIndex('ai_opinions_option_idx').on('ai_opinions').column('option_id').execute();
  await db.schema.createIndex('ai_opinions_criterion_idx').on('ai_opinions').column('criterion_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_opinions').execute();
  await db.schema.alterTable('evaluations').dropColumn('ai_explanation').execute();
  await db.schema.alterTable('evaluations').dropColumn('ai_value').execute();
}
