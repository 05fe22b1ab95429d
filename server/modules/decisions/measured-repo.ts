import { isoNow } from '../../db/values.ts';
import { ROWS_PER_INSERT, slicesOf } from '../../db/statement-slices.ts';
import type { Executor } from './repo-support.ts';

/** Issue 31: the raw values of measured criteria in `evaluations` (a personal owner's, a team's facts). */
export function createMeasuredRepo() {
  return {
    /** The cells with a raw value (measured criteria, issue 31), whose scores follow from all of them. */
    listMeasuredEvaluations(decisionId: number, executor: Executor) {
      return executor
        .selectFrom('evaluations')
        .select(['id', 'option_id', 'criterion_id', 'user_id', 'generated_by', 'value', 'measure'])
        .where('decision_id', '=', decisionId)
        .where('measure', 'is not', null)
        .execute();
    },

    async setEvaluationValue(id: number, value: number, executor: Executor): Promise<void> {
      await executor.updateTable('evaluations').set({ value }).where('id', '=', id).execute();
    },

    /** Every value of the given criteria (votes, facts, the AI's): they changed kind (issue 31). */
    async deleteCriterionEvaluations(
      decisionId: number,
      criterionIds: readonly number[],
      executor: Executor,
    ) {
      if (!criterionIds.length) return;
      await executor
        .deleteFrom('evaluations')
        .where('decision_id', '=', decisionId)
        .where('criterion_id', 'in', [...criterionIds])
        .execute();
    },

    /**
     * Replaces a team decision's facts (issue 31): its raw values on measured criteria, rows without a
     * user; their scores are computed by `storeMeasuredScores` in the same transaction.
     */
    async replaceFacts(
      decisionId: number,
      rows: readonly { option_id: number; criterion_id: number; value: number; measure: number }[],
      executor: Executor,
    ): Promise<void> {
      await executor
        .deleteFrom('evaluations')
        .where('decision_id', '=', decisionId)
        .where('user_id', 'is', null)
        .where('generated_by', '=', 'fact')
        .execute();
      if (!rows.length) return;
      const now = isoNow();
      const inserts = rows.map((row) => ({
        ...row,
        decision_id: decisionId,
        user_id: null,
        explanation: null,
        generated_by: 'fact' as const,
        updated_at: now,
      }));
      for (const slice of slicesOf(inserts, ROWS_PER_INSERT))
        await executor.insertInto('evaluations').values(slice).execute();
    },
  };
}
