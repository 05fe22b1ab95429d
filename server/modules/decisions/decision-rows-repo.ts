import {
  PostgresAdapter,
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
} from 'kysely';
import type { Database, DecisionsTable } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';
import type { Executor } from './repo-support.ts';

export type DecisionRow = Selectable<DecisionsTable>;

/** The advisory lock's first key: the namespace of "creating a decision of this owner" (any fixed int4). */
const OWNED_DECISIONS_LOCK = 27_001;

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

    /**
     * How many decisions `userId` owns, counted inside the creating transaction. On PostgreSQL a
     * transaction-scoped advisory lock per owner makes concurrent creations of one account count one
     * after another, so two of them cannot both see one slot left; SQLite runs one transaction at a time.
     */
    async countOwnedForCreate(userId: number, trx: Transaction<Database>): Promise<number> {
      if (trx.getExecutor().adapter instanceof PostgresAdapter) {
        await sql`select pg_advisory_xact_lock(${OWNED_DECISIONS_LOCK}, ${userId})`.execute(trx);
      }
      const row = await trx
        .selectFrom('decisions')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
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

    /** Issue 29: the workspace's decisions in ascending id order (the one lock order of every writer). */
    async listIdsOfWorkspace(workspaceId: number, executor: Executor = db): Promise<number[]> {
      const rows = await executor
        .selectFrom('decisions')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .orderBy('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Issue 29: the workspace goes; its decisions stay with their owners, in no workspace. Explicit,
     * not left to ON DELETE SET NULL, so the change feed sees the rows change (cached rows and lists).
     */
    async detachFromWorkspace(workspaceId: number, trx: Transaction<Database>): Promise<void> {
      await trx
        .updateTable('decisions')
        .set((eb) => ({ workspace_id: null, revision: eb('revision', '+', 1) }))
        .where('workspace_id', '=', workspaceId)
        .execute();
    },

    async deleteDecision(id: number, executor: Executor = db): Promise<void> {
      await executor.deleteFrom('decisions').where('id', '=', id).execute();
    },
  };
}
