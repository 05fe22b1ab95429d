import { sql, type Kysely } from 'kysely';

/**
 * One value per cell and voter: parallel saves of the same member's votes once inserted twice. Keeps
 * the newest row of any duplicate, then lets the database refuse a second one for good.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // GROUP BY puts AI cells (user_id null) of one cell into one group as well.
  await sql`
    delete from evaluations
    where id not in (select max(id) from evaluations group by option_id, criterion_id, user_id)
  `.execute(db);
  await db.schema
    .createIndex('evaluations_cell_voter_uq')
    .on('evaluations')
    .columns(['option_id', 'criterion_id', 'user_id'])
    .unique()
    .where(sql.ref('user_id'), 'is not', null)
    .execute();
  // AI cells have no user; a plain unique index would let NULLs repeat.
  await db.schema
    .createIndex('evaluations_ai_cell_uq')
    .on('evaluations')
    .columns(['option_id', 'criterion_id'])
    .unique()
    .where(sql.ref('user_id'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('evaluations_ai_cell_uq').execute();
  await db.schema.dropIndex('evaluations_cell_voter_uq').execute();
}
