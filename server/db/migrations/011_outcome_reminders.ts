import { sql, type AlterTableBuilder, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { columnTypes } from '../column-types.ts';

const HOUR_MS = 3600_000;
/** As LIMITS.reminders.automaticHoursBeforeDeadline when this migration was written. */
const AUTOMATIC_REMINDER_HOURS = 24;

/**
 * Issue 16, reminders, endings and outcome. Everything lives on the decision row: a decision has at
 * most one outcome, and its status (`decided`) is then read from the row every query already loads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  const addDecisionColumn = (
    name: string,
    type: Parameters<AlterTableBuilder['addColumn']>[1],
    build: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder = (column) => column,
  ) => db.schema.alterTable('decisions').addColumn(name, type, build).execute();

  // The outcome: which option was chosen, why, when to look at it again, by whom and when. It exists
  // while `outcome_option_id` is set; removing the chosen option (a personal decision's edit) removes it.
  await addDecisionColumn('outcome_option_id', 'integer', (col) =>
    col.references('options.id').onDelete('set null'),
  );
  await addDecisionColumn('outcome_rationale', 'text');
  // A calendar day, YYYY-MM-DD, compared as text on both engines.
  await addDecisionColumn('outcome_review_on', 'varchar(10)');
  await addDecisionColumn('outcome_decided_at', types.timestamp);
  await addDecisionColumn('outcome_decided_by', 'integer', (col) =>
    col.references('users.id').onDelete('set null'),
  );
  // Markers of things that must happen once, claimed by a conditional UPDATE so that two instances
  // (or a job and a request) never both send: the review notification, the voting-ended notice.
  await addDecisionColumn('outcome_review_notified_at', types.timestamp);
  await addDecisionColumn('voting_ended_announced_at', types.timestamp);
  // The last manual reminder (at most one per 12 hours), and when the automatic one falls due
  // (24 hours before a deadline set further ahead than that; cleared once sent).
  await addDecisionColumn('last_manual_reminder_at', types.timestamp);
  await addDecisionColumn('automatic_reminder_due_at', types.timestamp);

  // Deleting an option sets the outcome's option to null: without an index that looks through every decision.
  await db.schema
    .createIndex('decisions_outcome_option_idx')
    .on('decisions')
    .column('outcome_option_id')
    .where(sql.ref('outcome_option_id'), 'is not', null)
    .execute();
  // What the scheduler's jobs look for every minute: only the few rows still waiting for something.
  await db.schema
    .createIndex('decisions_automatic_reminder_idx')
    .on('decisions')
    .column('automatic_reminder_due_at')
    .where(sql.ref('automatic_reminder_due_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('decisions_voting_end_idx')
    .on('decisions')
    .column('timer')
    .where(sql.ref('voting_ended_announced_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('decisions_review_idx')
    .on('decisions')
    .column('outcome_review_on')
    .where(sql.ref('outcome_review_notified_at'), 'is', null)
    .execute();

  await backfill(db as Kysely<MigratedDecisions>);
}

interface MigratedDecisions {
  decisions: {
    id: number;
    type: string;
    timer: string | Date | null;
    voting_ended_announced_at: string | null;
    automatic_reminder_due_at: string | null;
  };
  evaluations: { decision_id: number; generated_by: string };
}

/**
 * Deadlines are compared in SQL from now on, so each is stored as `toISOString()` (a deadline sent
 * with an offset was stored as sent on SQLite). Decisions whose voting already ended count as
 * announced, or the first job run would tell every team about endings long past; deadlines still more
 * than a day ahead get their automatic reminder.
 */
async function backfill(db: Kysely<MigratedDecisions>): Promise<void> {
  const now = Date.now();
  const nowIso = new Date(now).toISOString();
  const rows = await db
    .selectFrom('decisions')
    .select(['id', 'type', 'timer'])
    .where('type', '=', 'team')
    .execute();
  const aiCompleted = new Set(
    (
      await db
        .selectFrom('evaluations')
        .select('decision_id')
        .where('generated_by', '=', 'ai')
        .distinct()
        .execute()
    ).map((row) => row.decision_id),
  );
  for (const row of rows) {
    const deadline = row.timer === null ? null : new Date(row.timer).getTime();
    const hasEnded = (deadline !== null && deadline <= now) || aiCompleted.has(row.id);
    const isReminderAhead =
      !hasEnded && deadline !== null && deadline - now > AUTOMATIC_REMINDER_HOURS * HOUR_MS;
    if (deadline === null && !hasEnded) continue;
    await db
      .updateTable('decisions')
      .set({
        ...(deadline === null ? {} : { timer: new Date(deadline).toISOString() }),
        ...(hasEnded ? { voting_ended_announced_at: nowIso } : {}),
        ...(isReminderAhead
          ? {
              automatic_reminder_due_at: new Date(
                deadline - AUTOMATIC_REMINDER_HOURS * HOUR_MS,
              ).toISOString(),
            }
          : {}),
      })
      .where('id', '=', row.id)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'decisions_review_idx',
    'decisions_voting_end_idx',
    'decisions_automatic_reminder_idx',
    'decisions_outcome_option_idx',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of [
    'automatic_reminder_due_at',
    'last_manual_reminder_at',
    'voting_ended_announced_at',
    'outcome_review_notified_at',
    'outcome_decided_by',
    'outcome_decided_at',
    'outcome_review_on',
    'outcome_rationale',
    'outcome_option_id',
  ]) {
    await db.schema.alterTable('decisions').dropColumn(column).execute();
  }
}
