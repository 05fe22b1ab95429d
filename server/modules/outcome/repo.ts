import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';

export interface OutcomeValues {
  optionId: number;
  rationale: string;
  reviewOn: string | null;
  decidedAt: string;
  decidedBy: number;
  /** Kept when the review date stays the same, so recording again does not repeat a review notice. */
  keepReviewNotice: boolean;
}

/** The outcome columns of a decision's row (migration 011). */
export function createOutcomeRepo(db: Kysely<Database>) {
  return {
    findOption(decisionId: number, optionId: number, trx: Transaction<Database>) {
      return trx
        .selectFrom('options')
        .select(['id', 'name'])
        .where('decision_id', '=', decisionId)
        .where('id', '=', optionId)
        .executeTakeFirst();
    },

    /** Records (or replaces) the outcome; bumps the revision, which refreshes cached details everywhere. */
    saveOutcome(decisionId: number, values: OutcomeValues, trx: Transaction<Database>) {
      return trx
        .updateTable('decisions')
        .set((eb) => ({
          outcome_option_id: values.optionId,
          outcome_rationale: values.rationale,
          outcome_review_on: values.reviewOn,
          outcome_decided_at: values.decidedAt,
          outcome_decided_by: values.decidedBy,
          ...(values.keepReviewNotice ? {} : { outcome_review_notified_at: null }),
          revision: eb('revision', '+', 1),
          updated_at: isoNow(),
        }))
        .where('id', '=', decisionId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async clearOutcome(decisionId: number, trx: Transaction<Database>): Promise<void> {
      await trx
        .updateTable('decisions')
        .set((eb) => ({
          outcome_option_id: null,
          outcome_rationale: null,
          outcome_review_on: null,
          outcome_decided_at: null,
          outcome_decided_by: null,
          outcome_review_notified_at: null,
          revision: eb('revision', '+', 1),
          updated_at: isoNow(),
        }))
        .where('id', '=', decisionId)
        .execute();
    },

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

    /**
     * Marks the review as told: the decision for the one caller whose conditional UPDATE changed the
     * row (another instance, or an outcome removed meanwhile, leaves nothing to claim).
     */
    claimReview(decisionId: number, today: string, now: string) {
      return db
        .updateTable('decisions')
        .set({ outcome_review_notified_at: now })
        .where('id', '=', decisionId)
        .where('outcome_review_notified_at', 'is', null)
        .where('outcome_review_on', '<=', today)
        .where('outcome_option_id', 'is not', null)
        .returning(['id', 'name', 'type', 'user_id'])
        .executeTakeFirst();
    },
  };
}

export type OutcomeRepo = ReturnType<typeof createOutcomeRepo>;
