import { PostgresAdapter, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, DecisionsTable } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';
import type { Executor } from './repo-support.ts';

export type DecisionRow = Selectable<DecisionsTable>;

/** The `decisions` table's rows: the only writer of that table besides the lifecycle columns' repo. */
export function createDecisionRowsRepo(db: Kysely<Database>) {
  return {
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    findById(id: number, executor: Executor = db): Promise<DecisionRow | undefined> {
      return executor.selectFrom('decisions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Reads the decision and holds it until the transaction ends. Every writer of a decision's rows
     * takes this lock first, so writers of one decision run one after another in one lock order
     * (no deadlocks, no lost or doubled rows). PostgreSQL: SELECT … FOR UPDATE. SQLite needs no row
     * lock: its single connection runs one transaction at a time.
     */
    lockForWrite(id: number, trx: Transaction<Database>): Promise<DecisionRow | undefined> {
      const query = trx.selectFrom('decisions').selectAll().where('id', '=', id);
      const isPostgres = trx.getExecutor().adapter instanceof PostgresAdapter;
      return (isPostgres ? query.forUpdate() : query).executeTakeFirst();
    },

    /** The user's own decisions and the team decisions they belong to, newest first, each once. */
    listVisibleTo(userId: number) {
      return db
        .selectFrom('decisions')
        .leftJoin('team_members', (join) =>
          join.onRef('team_members.decision_id', '=', 'decisions.id').on('team_members.user_id', '=', userId),
        )
        .selectAll('decisions')
        .select(['team_members.role as member_role', 'team_members.submitted_at as member_submitted_at'])
        .where((eb) => eb.or([eb('decisions.user_id', '=', userId), eb('team_members.user_id', '=', userId)]))
        .orderBy('decisions.created_at', 'desc')
        .orderBy('decisions.id', 'desc')
        .execute();
    },

    async insertDecision(values: Insertable<DecisionsTable>, executor: Executor = db): Promise<DecisionRow> {
      return executor.insertInto('decisions').values(values).returningAll().executeTakeFirstOrThrow();
    },

    /** Every change bumps the revision, which invalidates cached details on every instance. */
    updateDecision(
      id: number,
      changes: Partial<Insertable<DecisionsTable>>,
      executor: Executor = db,
    ): Promise<DecisionRow> {
      return executor
        .updateTable('decisions')
        .set((eb) => ({ ...changes, revision: eb('revision', '+', 1), updated_at: isoNow() }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Moves the revision on after a write to another table (a member joined or left); the row stays. */
    async bumpRevision(id: number, trx: Transaction<Database>): Promise<void> {
      await trx
        .updateTable('decisions')
        .set((eb) => ({ revision: eb('revision', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    /**
     * The owner's vote submission (issue 27; members keep theirs on `team_members`). Neither the
     * revision nor `updated_at` moves: no result and nothing of the decision itself changes, and the
     * row's change still drops cached rows and lists everywhere through the change feed.
     */
    async setOwnerSubmission(
      id: number,
      submission: { submitted_at: string | null; reopened_at: string | null },
      trx: Transaction<Database>,
    ): Promise<void> {
      await trx
        .updateTable('decisions')
        .set({ owner_submitted_at: submission.submitted_at, owner_reopened_at: submission.reopened_at })
        .where('id', '=', id)
        .execute();
    },

    async deleteDecision(id: number, executor: Executor = db): Promise<void> {
      await executor.deleteFrom('decisions').where('id', '=', id).execute();
    },
  };
}
