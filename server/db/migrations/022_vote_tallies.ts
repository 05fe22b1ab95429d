import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import { LIMITS } from '../../../shared/limits.ts';

/** The values a member vote can take (team scale 0–10, integers): one tally column per value. */
export const VOTE_VALUES = Array.from(
  { length: LIMITS.scales.team.max - LIMITS.scales.team.min + 1 },
  (_, index) => LIMITS.scales.team.min + index,
);
export const tallyColumn = (value: number) => `votes_${value}`;

/** `votes_0 = votes_0 ± (row.value = 0), …` for every value: the row's value moves one count. */
function countChanges(row: 'NEW' | 'OLD', sign: '+' | '-', isPostgres: boolean): RawBuilder<unknown> {
  const hit = (value: number) =>
    isPostgres ? `(${row}.value = ${value})::int` : `(${row}.value = ${value})`;
  return sql.raw(
    VOTE_VALUES.map((value) => `${tallyColumn(value)} = ${tallyColumn(value)} ${sign} ${hit(value)}`).join(
      ', ',
    ),
  );
}

/**
 * Issue 27, votes cost what they change: a team decision's figures come from tallies the database
 * keeps with every write, never from reading every vote.
 * - `cell_vote_tallies`: per cell how many members gave each value 0–10 (a histogram). Count, sum and
 *   sum of squares follow exactly, and so do the lowest and highest vote, which running sums could not
 *   give back once a vote changes.
 * - `voter_vote_tallies`: per member how many cells they scored (who voted, who is complete).
 * - `decisions.weights_revision`: bumped by every weight write, so weights (decimals, read in full for
 *   `weightsByUser`) are read again only when they changed.
 * Triggers keep them on every path that writes votes or weights, cascades included (a removed option,
 * a member who leaves, a deleted account), in the writing transaction, on both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  let cellTallies = db.schema
    .createTable('cell_vote_tallies')
    .addColumn('decision_id', 'integer', (col) =>
      col.notNull().references('decisions.id').onDelete('cascade'),
    )
    .addColumn('option_id', 'integer', (col) => col.notNull().references('options.id').onDelete('cascade'))
    .addColumn('criterion_id', 'integer', (col) =>
      col.notNull().references('criteria.id').onDelete('cascade'),
    );
  for (const value of VOTE_VALUES)
    cellTallies = cellTallies.addColumn(tallyColumn(value), 'integer', (col) => col.notNull().defaultTo(0));
  await cellTallies.addPrimaryKeyConstraint('cell_vote_tallies_pk', ['option_id', 'criterion_id']).execute();
  await db.schema
    .createIndex('cell_vote_tallies_decision_idx')
    .on('cell_vote_tallies')
    .column('decision_id')
    .execute();

  await db.schema
    .createTable('voter_vote_tallies')
    .addColumn('decision_id', 'integer', (col) =>
      col.notNull().references('decisions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scored_cells', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('voter_vote_tallies_pk', ['decision_id', 'user_id'])
    .execute();

  await db.schema
    .alterTable('decisions')
    .addColumn('weights_revision', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  // One's own votes are read by (decision, user); AI cells (no user) by (decision, null).
  await db.schema
    .createIndex('evaluations_decision_user_idx')
    .on('evaluations')
    .columns(['decision_id', 'user_id'])
    .execute();
  await db.schema.dropIndex('evaluations_decision_idx').execute();
  // One member's weights (their completeness in AI mode) by (decision, user) as well.
  await db.schema
    .createIndex('weights_decision_user_idx')
    .on('weights')
    .columns(['decision_id', 'user_id'])
    .execute();
  await db.schema.dropIndex('weights_decision_idx').execute();

  if (isPostgres) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);

  // The tallies of the votes already cast.
  const histogram = sql.raw(
    VOTE_VALUES.map((value) => `sum(case when value = ${value} then 1 else 0 end)`).join(', '),
  );
  await sql`
    insert into cell_vote_tallies (decision_id, option_id, criterion_id, ${sql.raw(VOTE_VALUES.map(tallyColumn).join(', '))})
    select decision_id, option_id, criterion_id, ${histogram}
    from evaluations where generated_by = 'user' and user_id is not null
    group by decision_id, option_id, criterion_id`.execute(db);
  await sql`
    insert into voter_vote_tallies (decision_id, user_id, scored_cells)
    select decision_id, user_id, count(*) from evaluations
    where generated_by = 'user' and user_id is not null
    group by decision_id, user_id`.execute(db);
}

async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const isMemberVote = (row: 'NEW' | 'OLD') =>
    sql.raw(`${row}.generated_by = 'user' AND ${row}.user_id IS NOT NULL`);
  const countIn = sql`
    INSERT INTO cell_vote_tallies (decision_id, option_id, criterion_id)
      VALUES (NEW.decision_id, NEW.option_id, NEW.criterion_id) ON CONFLICT DO NOTHING;
    UPDATE cell_vote_tallies SET ${countChanges('NEW', '+', false)}
      WHERE option_id = NEW.option_id AND criterion_id = NEW.criterion_id;
    INSERT INTO voter_vote_tallies (decision_id, user_id, scored_cells) VALUES (NEW.decision_id, NEW.user_id, 1)
      ON CONFLICT (decision_id, user_id) DO UPDATE SET scored_cells = scored_cells + 1;`;
  const countOut = sql`
    UPDATE cell_vote_tallies SET ${countChanges('OLD', '-', false)}
      WHERE option_id = OLD.option_id AND criterion_id = OLD.criterion_id;
    UPDATE voter_vote_tallies SET scored_cells = scored_cells - 1
      WHERE decision_id = OLD.decision_id AND user_id = OLD.user_id;
    DELETE FROM voter_vote_tallies
      WHERE decision_id = OLD.decision_id AND user_id = OLD.user_id AND scored_cells <= 0;`;
  await sql`CREATE TRIGGER evaluations_tally_insert AFTER INSERT ON evaluations
    WHEN ${isMemberVote('NEW')} BEGIN ${countIn} END`.execute(db);
  await sql`CREATE TRIGGER evaluations_tally_delete AFTER DELETE ON evaluations
    WHEN ${isMemberVote('OLD')} BEGIN ${countOut} END`.execute(db);
  // An update counts the old row out and the new one in (two triggers: each has its own condition).
  await sql`CREATE TRIGGER evaluations_tally_update_out AFTER UPDATE ON evaluations
    WHEN ${isMemberVote('OLD')} BEGIN ${countOut} END`.execute(db);
  await sql`CREATE TRIGGER evaluations_tally_update_in AFTER UPDATE ON evaluations
    WHEN ${isMemberVote('NEW')} BEGIN ${countIn} END`.execute(db);
  for (const [event, row] of [
    ['INSERT', 'NEW'],
    ['UPDATE', 'NEW'],
    ['DELETE', 'OLD'],
  ] as const) {
    await sql`CREATE TRIGGER ${sql.id(`weights_revision_${event.toLowerCase()}`)} AFTER ${sql.raw(event)} ON weights
      BEGIN UPDATE decisions SET weights_revision = weights_revision + 1 WHERE id = ${sql.raw(row)}.decision_id; END`.execute(
      db,
    );
  }
}

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  const columns = sql.raw(VOTE_VALUES.map(tallyColumn).join(', '));
  const newHits = sql.raw(VOTE_VALUES.map((value) => `(NEW.value = ${value})::int`).join(', '));
  const addExcluded = sql.raw(
    VOTE_VALUES.map(
      (value) =>
        `${tallyColumn(value)} = cell_vote_tallies.${tallyColumn(value)} + EXCLUDED.${tallyColumn(value)}`,
    ).join(', '),
  );
  await sql`
    CREATE OR REPLACE FUNCTION tally_member_votes() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') THEN
        IF OLD.generated_by = 'user' AND OLD.user_id IS NOT NULL THEN
          UPDATE cell_vote_tallies SET ${countChanges('OLD', '-', true)}
            WHERE option_id = OLD.option_id AND criterion_id = OLD.criterion_id;
          UPDATE voter_vote_tallies SET scored_cells = scored_cells - 1
            WHERE decision_id = OLD.decision_id AND user_id = OLD.user_id;
          DELETE FROM voter_vote_tallies
            WHERE decision_id = OLD.decision_id AND user_id = OLD.user_id AND scored_cells <= 0;
        END IF;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        IF NEW.generated_by = 'user' AND NEW.user_id IS NOT NULL THEN
          INSERT INTO cell_vote_tallies (decision_id, option_id, criterion_id, ${columns})
            VALUES (NEW.decision_id, NEW.option_id, NEW.criterion_id, ${newHits})
            ON CONFLICT (option_id, criterion_id) DO UPDATE SET ${addExcluded};
          INSERT INTO voter_vote_tallies (decision_id, user_id, scored_cells)
            VALUES (NEW.decision_id, NEW.user_id, 1)
            ON CONFLICT (decision_id, user_id) DO UPDATE SET scored_cells = voter_vote_tallies.scored_cells + 1;
        END IF;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER evaluations_tally AFTER INSERT OR UPDATE OR DELETE ON evaluations
    FOR EACH ROW EXECUTE FUNCTION tally_member_votes()`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION bump_weights_revision() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE decisions SET weights_revision = weights_revision + 1
        WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.decision_id ELSE NEW.decision_id END;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER weights_revision AFTER INSERT OR UPDATE OR DELETE ON weights
    FOR EACH ROW EXECUTE FUNCTION bump_weights_revision()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`DROP TRIGGER IF EXISTS evaluations_tally ON evaluations`.execute(db);
    await sql`DROP TRIGGER IF EXISTS weights_revision ON weights`.execute(db);
    await sql`DROP FUNCTION IF EXISTS tally_member_votes()`.execute(db);
    await sql`DROP FUNCTION IF EXISTS bump_weights_revision()`.execute(db);
  } else {
    for (const name of [
      'evaluations_tally_insert',
      'evaluations_tally_delete',
      'evaluations_tally_update_out',
      'evaluations_tally_update_in',
      'weights_revision_insert',
      'weights_revision_update',
      'weights_revision_delete',
    ])
      await sql`DROP TRIGGER IF EXISTS ${sql.id(name)}`.execute(db);
  }
  await db.schema.createIndex('evaluations_decision_idx').on('evaluations').column('decision_id').execute();
  await db.schema.dropIndex('evaluations_decision_user_idx').execute();
  await db.schema.createIndex('weights_decision_idx').on('weights').column('decision_id').execute();
  await db.schema.dropIndex('weights_decision_user_idx').execute();
  await db.schema.alterTable('decisions').dropColumn('weights_revision').execute();
  await db.schema.dropTable('voter_vote_tallies').execute();
  await db.schema.dropTable('cell_vote_tallies').execute();
}
