import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Who sees a team decision's results before voting ended (issue 16); every existing decision keeps
  // today's behaviour, results for everyone.
  await db.schema
    .alterTable('decisions')
    .addColumn('results_visibility', 'varchar(16)', (col) =>
      col
        .notNull()
        .defaultTo('always')
        .check(sql`results_visibility in ('always', 'after_vote', 'after_close')`),
    )
    .execute();

  // A comment may be about one cell of the matrix (both set) or the decision as a whole (both null).
  // Removing the option or criterion turns the comment into one about the decision, never deletes it.
  await db.schema
    .alterTable('comments')
    .addColumn('option_id', 'integer', (col) => col.references('options.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('comments')
    .addColumn('criterion_id', 'integer', (col) => col.references('criteria.id').onDelete('set null'))
    .execute();
  // The foreign keys' set-null on deletion looks comments up by these columns.
  await db.schema.createIndex('comments_option_idx').on('comments').column('option_id').execute();
  await db.schema.createIndex('comments_criterion_idx').on('comments').column('criterion_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('comments_criterion_idx').execute();
  await db.schema.dropIndex('comments_option_idx').execute();
  await db.schema.alterTable('comments').dropColumn('criterion_id').execute();
  await db.schema.alterTable('comments').dropColumn('option_id').execute();
  await db.schema.alterTable('decisions').dropColumn('results_visibility').execute();
}
