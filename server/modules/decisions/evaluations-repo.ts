import type { ExpressionBuilder, Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, EvaluationsTable } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';
import { ROWS_PER_INSERT, slicesOf } from '../../db/statement-slices.ts';
import { cellFilterSlices, type Executor } from './repo-support.ts';

export type EvaluationRow = Selectable<EvaluationsTable>;

type EvaluationInput = Omit<
  Insertable<EvaluationsTable>,
  'decision_id' | 'user_id' | 'updated_at' | 'ai_value' | 'ai_explanation'
> & {
  ai_value?: number | null | undefined;
  ai_explanation?: string | null | undefined;
};

/** `(option_id = ? AND criterion_id IN (…)) OR …` over one slice of cellFilterSlices. */
function cellFilter(slice: { optionId: number; criterionIds: number[] }[]) {
  return (eb: ExpressionBuilder<Database, 'evaluations'>) =>
    eb.or(
      slice.map(({ optionId, criterionIds }) =>
        eb.and([eb('option_id', '=', optionId), eb('criterion_id', 'in', criterionIds)]),
      ),
    );
}

/** One multi-row INSERT per ROWS_PER_INSERT rows (db/statement-slices.ts). */
async function insertInSlices<Table extends 'evaluations' | 'ai_opinions'>(
  executor: Executor,
  table: Table,
  rows: Insertable<Database[Table]>[],
): Promise<void> {
  for (const slice of slicesOf(rows, ROWS_PER_INSERT))
    await executor.insertInto(table).values(slice).execute();
}

/** The cells' values: the `evaluations` table and a team decision's AI opinion (`ai_opinions`). */
export function createEvaluationsRepo(db: Kysely<Database>) {
  return {
    listEvaluations(decisionId: number, executor: Executor = db): Promise<EvaluationRow[]> {
      return executor
        .selectFrom('evaluations')
        .selectAll()
        .where('decision_id', '=', decisionId)
        .orderBy('id')
        .execute();
    },

    async hasAiEvaluations(decisionId: number, executor: Executor = db): Promise<boolean> {
      const row = await executor
        .selectFrom('evaluations')
        .select('id')
        .where('decision_id', '=', decisionId)
        // AI cells have no user: the (decision_id, user_id) index finds them without reading votes.
        .where('user_id', 'is', null)
        .where('generated_by', '=', 'ai')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Whether anyone voted or weighted yet (issue 27): from then on the results visibility may only
     * become stricter. Two indexed existence probes, never the votes themselves.
     */
    async hasVotesOrWeights(decisionId: number, executor: Executor = db): Promise<boolean> {
      const [vote, weight] = await Promise.all([
        executor
          .selectFrom('evaluations')
          .select('id')
          .where('decision_id', '=', decisionId)
          .where('user_id', 'is not', null)
          .where('generated_by', '=', 'user')
          .limit(1)
          .executeTakeFirst(),
        executor
          .selectFrom('weights')
          .select('criterion_id')
          .where('decision_id', '=', decisionId)
          .limit(1)
          .executeTakeFirst(),
      ]);
      return vote !== undefined || weight !== undefined;
    },

    /** The AI cells (no user) of a decision: a restored version brings its own (issue 30). */
    async deleteAiEvaluations(decisionId: number, executor: Executor): Promise<void> {
      await executor
        .deleteFrom('evaluations')
        .where('decision_id', '=', decisionId)
        .where('user_id', 'is', null)
        .where('generated_by', '=', 'ai')
        .execute();
    },

    /** AI cells belong to no user (SPEC.md: generated_by ai, then no user_id). */
    async insertAiEvaluations(
      decisionId: number,
      rows: { option_id: number; criterion_id: number; value: number; explanation: string | null }[],
      executor: Executor,
    ) {
      if (!rows.length) return;
      const now = isoNow();
      await insertInSlices(
        executor,
        'evaluations',
        rows.map((row) => ({
          ...row,
          decision_id: decisionId,
          user_id: null,
          generated_by: 'ai' as const,
          updated_at: now,
        })),
      );
    },

    /**
     * Replaces one user's values for the given cells (all of their cells when `cells` is undefined). A
     * row without `ai_value` (undefined) keeps what the AI proposed for that cell before (issue 18).
     */
    async replaceUserEvaluations(
      decisionId: number,
      userId: number,
      rows: EvaluationInput[],
      executor: Executor,
      options: { onlyGivenCells: boolean },
    ) {
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
      const usersCells = executor
        .deleteFrom('evaluations')
        .where('decision_id', '=', decisionId)
        .where('user_id', '=', userId);
      if (options.onlyGivenCells) {
        for (const slice of cellFilterSlices(rows)) await usersCells.where(cellFilter(slice)).execute();
      } else {
        await usersCells.execute();
      }
      if (!rows.length) return;
      const now = isoNow();
      await insertInSlices(
        executor,
        'evaluations',
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
      );
    },

    /** A member who leaves takes their votes along. */
    async deleteUserEvaluations(
      decisionId: number,
      userId: number,
      trx: Transaction<Database>,
    ): Promise<void> {
      await trx
        .deleteFrom('evaluations')
        .where('decision_id', '=', decisionId)
        .where('user_id', '=', userId)
        .execute();
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
      await insertInSlices(
        executor,
        'ai_opinions',
        cells.map((cell) => ({ ...cell, decision_id: decisionId, created_at: createdAt })),
      );
    },
  };
}
