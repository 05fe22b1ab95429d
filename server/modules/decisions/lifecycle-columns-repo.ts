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

/**
 * The columns of a decision's row that the outcome (migration 011), the reminders and the end of voting
 * set: written here, so that the decisions module stays the one writer of the `decisions` table.
 */
export function createLifecycleColumnsRepo(db: Kysely<Database>) {
  return {
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

    /** Records a manual reminder (the caller holds the decision's lock); the revision stays: no result changes. */
    async markManualReminder(decisionId: number, now: string, trx: Transaction<Database>): Promise<void> {
      await trx
        .updateTable('decisions')
        .set({ last_manual_reminder_at: now })
        .where('id', '=', decisionId)
        .execute();
    },

    /**
     * Takes a due automatic reminder off the decision, so it goes out once per deadline: the owner's id
     * for the one caller whose conditional UPDATE changed the row, else null. A deadline moved meanwhile has a due time
     * still ahead and is left for later.
     */
    async claimAutomaticReminder(decisionId: number, now: string): Promise<number | null> {
      const claimed = await db
        .updateTable('decisions')
        .set({ automatic_reminder_due_at: null })
        .where('id', '=', decisionId)
        .where('automatic_reminder_due_at', '<=', now)
        .returning('user_id')
        .executeTakeFirst();
      return claimed?.user_id ?? null;
    },

    /**
     * Marks the end of voting as announced; true for the one caller whose conditional UPDATE changed
     * the row (a job on another instance, or the request that ended voting, gets false).
     */
    async claimVotingEndedAnnouncement(
      decisionId: number,
      now: string,
      executor: Kysely<Database> | Transaction<Database> = db,
    ): Promise<boolean> {
      const claimed = await executor
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
