import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { createLifecycleColumnsRepo } from '../decisions/index.ts';

/**
 * The outcome columns of a decision's row (migration 011): read here, written through the decisions
 * module, which owns the `decisions` table.
 */
export function createOutcomeRepo(db: Kysely<Database>) {
  const { saveOutcome, clearOutcome, claimReview } = createLifecycleColumnsRepo(db);
  return {
    findOption(decisionId: number, optionId: number, trx: Transaction<Database>) {
      return trx
        .selectFrom('options')
        .select(['id', 'name'])
        .where('decision_id', '=', decisionId)
        .where('id', '=', optionId)
        .executeTakeFirst();
    },

    saveOutcome,
    clearOutcome,

    /** Outcomes whose review day (YYYY-MM-DD, UTC) has come and whose owner was not told yet. */
    async listDueReviews(today: string): Promise<number[]> {
      const rows = await db
        .selectFrom('decisions')
        .select('id')
        .where('outcome_review_notified_at', 'is', null)
        .where('outcome_review_on', '<=', today)
        .where('outcome_option_id', 'is not', null)
        .orderBy('id')
        .execute();
      return rows.map((row) => row.id);
    },

    claimReview,
  };
}

export type OutcomeRepo = ReturnType<typeof createOutcomeRepo>;
