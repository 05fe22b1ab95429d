import {
  PostgresAdapter,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import type {
  CriteriaTable,
  Database,
  DecisionsTable,
  EvaluationsTable,
  OptionsTable,
  TeamRole,
} from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';

export type DecisionRow = Selectable<DecisionsTable>;
export type OptionRow = Selectable<OptionsTable>;
export type CriterionRow = Selectable<CriteriaTable>;
export type EvaluationRow = Selectable<EvaluationsTable>;

type Executor = Kysely<Database> | Transaction<Database>;

/** Ids per `IN (…)` list: far below the bind-parameter limits of SQLite (32,766) and PostgreSQL (65,535). */
const IDS_PER_QUERY = 1000;

/** Runs `query` per slice of `ids` and concatenates the rows (one query for up to IDS_PER_QUERY ids). */
async function inSlices<T>(ids: readonly number[], query: (slice: number[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    rows.push(...(await query(ids.slice(start, start + IDS_PER_QUERY))));
  }
  return rows;
}

/**
 * Comments about cells of removed options or criteria stay, about the decision as a whole: both cell
 * ids are cleared together (the foreign keys alone would clear only one of them).
 */
async function detachCellComments(column: 'option_id' | 'criterion_id', ids: number[], executor: Executor) {
  await executor
    .updateTable('comments')
    .set({ option_id: null, criterion_id: null })
    .where(column, 'in', ids)
    .execute();
}

export function createDecisionsRepo(db: Kysely<Database>) {
  function listTeamMembers(decisionId: number) {
    return db
      .selectFrom('team_members')
      .innerJoin('users', 'users.id', 'team_members.user_id')
      .select([
        'team_members.id',
        'team_members.user_id',
        'team_members.role',
        'users.email',
        'users.nickname',
        'users.first_name',
        'users.last_name',
        'users.avatar_id',
      ])
      .where('team_members.decision_id', '=', decisionId)
      .orderBy('team_members.id')
      .execute();
  }

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

    async hasAiEvaluations(decisionId: number, executor: Executor = db): Promise<boolean> {
      const row = await executor
        .selectFrom('evaluations')
        .select('id')
        .where('decision_id', '=', decisionId)
        .where('generated_by', '=', 'ai')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The AI opinion of a team decision (issue 18): the cells of its latest run, in no particular order. */
    listAiOpinion(decisionId: number, executor: Executor = db) {
      return executor
        .selectFrom('ai_opinions')
        .select(['option_id', 'criterion_id', 'value', 'explanation', 'created_at'])
        .where('decision_id', '=', decisionId)
        .execute();
    },

    /** Replaces the whole AI opinion with a new run's cells: a new run never mixes with an older one. */
    async replaceAiOpinion(
      decisionId: number,
      cells: { option_id: number; criterion_id: number; value: number; explanation: string | null }[],
      createdAt: string,
      executor: Executor,
    ) {
      await executor.deleteFrom('ai_opinions').where('decision_id', '=', decisionId).execute();
      if (!cells.length) return;
      await executor
        .insertInto('ai_opinions')
        .values(cells.map((cell) => ({ ...cell, decision_id: decisionId, created_at: createdAt })))
        .execute();
    },

    async teamRoleOf(
      decisionId: number,
      userId: number,
      executor: Executor = db,
    ): Promise<TeamRole | undefined> {
      const row = await executor
        .selectFrom('team_members')
        .select('role')
        .where('decision_id', '=', decisionId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.role;
    },

    /** The user's own decisions and the team decisions they belong to, newest first, each once. */
    listVisibleTo(userId: number) {
      return db
        .selectFrom('decisions')
        .leftJoin('team_members', (join) =>
          join.onRef('team_members.decision_id', '=', 'decisions.id').on('team_members.user_id', '=', userId),
        )
        .selectAll('decisions')
        .select('team_members.role as member_role')
        .where((eb) => eb.or([eb('decisions.user_id', '=', userId), eb('team_members.user_id', '=', userId)]))
        .orderBy('decisions.created_at', 'desc')
        .orderBy('decisions.id', 'desc')
        .execute();
    },

    /**
     * What ranks many decisions at once (the dashboard's cards): four queries whatever their number,
     * each row tagged with its decision. Evaluations come without explanations, which no card shows.
     */
    async listMatrixRowsOf(decisionIds: readonly number[]) {
      const [options, criteria, evaluations, weights] = await Promise.all([
        inSlices(decisionIds, (ids) =>
          db
            .selectFrom('options')
            .select(['id', 'decision_id', 'name'])
            .where('decision_id', 'in', ids)
            .orderBy('position')
            .orderBy('id')
            .execute(),
        ),
        inSlices(decisionIds, (ids) =>
          db
            .selectFrom('criteria')
            .select(['id', 'decision_id', 'importance', 'minimum'])
            .where('decision_id', 'in', ids)
            .orderBy('position')
            .orderBy('id')
            .execute(),
        ),
        inSlices(decisionIds, (ids) =>
          db
            .selectFrom('evaluations')
            .select(['decision_id', 'option_id', 'criterion_id', 'user_id', 'value', 'generated_by'])
            .where('decision_id', 'in', ids)
            .orderBy('id')
            .execute(),
        ),
        inSlices(decisionIds, (ids) =>
          db
            .selectFrom('weights')
            .select(['decision_id', 'criterion_id', 'user_id', 'weight'])
            .where('decision_id', 'in', ids)
            .execute(),
        ),
      ]);
      return { options, criteria, evaluations, weights };
    },

    /** Accepted members who vote (admin and editor; viewers never do) of many team decisions. */
    listVotingMembersOf(decisionIds: readonly number[]) {
      return inSlices(decisionIds, (ids) =>
        db
          .selectFrom('team_members')
          .select(['decision_id', 'user_id'])
          .where('decision_id', 'in', ids)
          .where('role', 'in', ['admin', 'editor'])
          .execute(),
      );
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

    async deleteDecision(id: number, executor: Executor = db): Promise<void> {
      await executor.deleteFrom('decisions').where('id', '=', id).execute();
    },

    listOptions(decisionId: number, executor: Executor = db): Promise<OptionRow[]> {
      return executor
        .selectFrom('options')
        .selectAll()
        .where('decision_id', '=', decisionId)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    listCriteria(decisionId: number, executor: Executor = db): Promise<CriterionRow[]> {
      return executor
        .selectFrom('criteria')
        .selectAll()
        .where('decision_id', '=', decisionId)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    listEvaluations(decisionId: number, executor: Executor = db): Promise<EvaluationRow[]> {
      return executor
        .selectFrom('evaluations')
        .selectAll()
        .where('decision_id', '=', decisionId)
        .orderBy('id')
        .execute();
    },

    /**
     * Sets the user's weights; a null weight removes it (weights are optional). `onlyGivenCriteria`
     * false removes every other weight of the user in this decision too.
     */
    async replaceUserWeights(
      decisionId: number,
      userId: number,
      weights: { criterion_id: number; weight: number | null }[],
      executor: Executor,
      options: { onlyGivenCriteria: boolean },
    ) {
      const ids = weights.map((w) => w.criterion_id);
      if (!options.onlyGivenCriteria) {
        await executor
          .deleteFrom('weights')
          .where('decision_id', '=', decisionId)
          .where('user_id', '=', userId)
          .execute();
      } else if (ids.length) {
        await executor
          .deleteFrom('weights')
          .where('user_id', '=', userId)
          .where('criterion_id', 'in', ids)
          .execute();
      }
      const rows = weights.flatMap((w) =>
        w.weight === null
          ? []
          : [
              {
                decision_id: decisionId,
                criterion_id: w.criterion_id,
                user_id: userId,
                weight: w.weight,
                updated_at: isoNow(),
              },
            ],
      );
      if (rows.length) await executor.insertInto('weights').values(rows).execute();
    },

    listWeights(decisionId: number, executor: Executor = db) {
      return executor
        .selectFrom('weights')
        .select(['criterion_id', 'user_id', 'weight'])
        .where('decision_id', '=', decisionId)
        .execute();
    },

    /** Members of a team decision: the owner first, then accepted members, then pending invitations. */
    async listTeam(decisionId: number, ownerId: number, now: string) {
      const [owner, members, pending] = await Promise.all([
        db
          .selectFrom('users')
          .select(['id', 'email', 'nickname', 'first_name', 'last_name', 'avatar_id'])
          .where('id', '=', ownerId)
          .executeTakeFirstOrThrow(),
        listTeamMembers(decisionId),
        // No join on users: whether an invited address has an account is not for the team to learn.
        db
          .selectFrom('invitations')
          .select(['invitations.id', 'invitations.email', 'invitations.role'])
          .where('invitations.decision_id', '=', decisionId)
          .where('invitations.accepted_at', 'is', null)
          .where('invitations.revoked_at', 'is', null)
          .where('invitations.expires_at', '>', now)
          .orderBy('invitations.id')
          .execute(),
      ]);
      return { owner, members, pending };
    },

    listTeamMembers,

    async insertOption(values: Insertable<OptionsTable>, executor: Executor): Promise<number> {
      const row = await executor
        .insertInto('options')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateOption(id: number, name: string, position: number, executor: Executor) {
      await executor.updateTable('options').set({ name, position }).where('id', '=', id).execute();
    },

    async deleteOptions(ids: number[], executor: Executor) {
      if (!ids.length) return;
      await detachCellComments('option_id', ids, executor);
      await executor.deleteFrom('options').where('id', 'in', ids).execute();
    },

    async insertCriterion(values: Insertable<CriteriaTable>, executor: Executor): Promise<number> {
      const row = await executor
        .insertInto('criteria')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Fields left undefined keep their stored values (a kept criterion's minimum and anchors). */
    async updateCriterion(
      id: number,
      values: Pick<
        Updateable<CriteriaTable>,
        'name' | 'importance' | 'position' | 'minimum' | 'anchor_low' | 'anchor_high'
      >,
      executor: Executor,
    ) {
      await executor.updateTable('criteria').set(values).where('id', '=', id).execute();
    },

    async deleteCriteria(ids: number[], executor: Executor) {
      if (!ids.length) return;
      await detachCellComments('criterion_id', ids, executor);
      await executor.deleteFrom('criteria').where('id', 'in', ids).execute();
    },

    /** AI cells belong to no user (SPEC.md: generated_by ai, then no user_id). */
    async insertAiEvaluations(
      decisionId: number,
      rows: { option_id: number; criterion_id: number; value: number; explanation: string | null }[],
      executor: Executor,
    ) {
      if (!rows.length) return;
      const now = isoNow();
      await executor
        .insertInto('evaluations')
        .values(
          rows.map((row) => ({
            ...row,
            decision_id: decisionId,
            user_id: null,
            generated_by: 'ai' as const,
            updated_at: now,
          })),
        )
        .execute();
    },

    /**
     * Replaces one user's values for the given cells (all of their cells when `cells` is undefined). A
     * row without `ai_value` (undefined) keeps what the AI proposed for that cell before (issue 18).
     */
    async replaceUserEvaluations(
      decisionId: number,
      userId: number,
      rows: (Omit<
        Insertable<EvaluationsTable>,
        'decision_id' | 'user_id' | 'updated_at' | 'ai_value' | 'ai_explanation'
      > & {
        ai_value?: number | null | undefined;
        ai_explanation?: string | null | undefined;
      })[],
      executor: Executor,
      options: { onlyGivenCells: boolean },
    ) {
      const cellFilter = (eb: ExpressionBuilder<Database, 'evaluations'>) =>
        eb.or(
          rows.map((row) =>
            eb.and([eb('option_id', '=', row.option_id), eb('criterion_id', '=', row.criterion_id)]),
          ),
        );
      if (options.onlyGivenCells && !rows.length) return;
      const kept = rows.some((row) => row.ai_value === undefined)
        ? await executor
            .selectFrom('evaluations')
            .select(['option_id', 'criterion_id', 'ai_value', 'ai_explanation'])
            .where('decision_id', '=', decisionId)
            .where('user_id', '=', userId)
            .where('ai_value', 'is not', null)
            .execute()
        : [];
      const keptByCell = new Map(kept.map((row) => [`${row.option_id}:${row.criterion_id}`, row]));
      let deletion = executor
        .deleteFrom('evaluations')
        .where('decision_id', '=', decisionId)
        .where('user_id', '=', userId);
      if (options.onlyGivenCells) deletion = deletion.where(cellFilter);
      await deletion.execute();
      if (!rows.length) return;
      const now = isoNow();
      await executor
        .insertInto('evaluations')
        .values(
          rows.map(({ ai_value, ai_explanation, ...row }) => {
            const previous = keptByCell.get(`${row.option_id}:${row.criterion_id}`);
            return {
              ...row,
              decision_id: decisionId,
              user_id: userId,
              updated_at: now,
              ai_value: ai_value === undefined ? (previous?.ai_value ?? null) : ai_value,
              ai_explanation:
                ai_value === undefined ? (previous?.ai_explanation ?? null) : (ai_explanation ?? null),
            };
          }),
        )
        .execute();
    },

    /** Team decisions whose voting ended (deadline passed or AI completion) but was not announced yet. */
    async listUnannouncedVotingEnds(now: string): Promise<number[]> {
      const rows = await db
        .selectFrom('decisions')
        .select('id')
        .where('type', '=', 'team')
        .where('voting_ended_announced_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('timer', '<=', now),
            eb.exists(
              eb
                .selectFrom('evaluations')
                .select('evaluations.id')
                .whereRef('evaluations.decision_id', '=', 'decisions.id')
                .where('evaluations.generated_by', '=', 'ai'),
            ),
          ]),
        )
        .orderBy('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Marks the end of voting as announced; true for the one caller whose conditional UPDATE changed
     * the row (a job on another instance, or the request that ended voting, gets false).
     */
    async claimVotingEndedAnnouncement(decisionId: number, now: string): Promise<boolean> {
      const claimed = await db
        .updateTable('decisions')
        .set({ voting_ended_announced_at: now })
        .where('id', '=', decisionId)
        .where('voting_ended_announced_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return claimed !== undefined;
    },
  };
}

export type DecisionsRepo = ReturnType<typeof createDecisionsRepo>;
