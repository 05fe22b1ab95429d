import type { Kysely } from 'kysely';
import { createRateLimitCounters } from '../../db/rate-limit-counters.ts';
import type { Database } from '../../db/schema.ts';

/** Why an upstream call was not counted (and so must not be made). */
export type UpstreamCallRefusal = 'USER_DAILY_LIMIT' | 'INSTANCE_BUDGET';

/** Thrown inside the counting transaction to roll the user's count back when the budget is spent. */
class CallRefused extends Error {
  constructor(readonly reason: UpstreamCallRefusal) {
    super(reason);
  }
}

export function createAiUsageRepo(db: Kysely<Database>) {
  return {
    /**
     * Counts one call to the model against the user's cap on `day` and against the installation's
     * budget of that day (a key of the shared counters that ends at `budget.windowMs`), both or
     * neither: one transaction of two conditional upserts, so parallel requests on any instance never
     * exceed either. Answers the refusal, having changed nothing, when one is reached.
     */
    async countUpstreamCall(call: {
      userId: number;
      day: string;
      dailyLimit: number;
      budget: { max: number; windowMs: number; now: number };
    }): Promise<UpstreamCallRefusal | undefined> {
      try {
        await db.transaction().execute(async (trx) => {
          const counted = await trx
            .insertInto('ai_usage')
            .values({ user_id: call.userId, day: call.day, count: 1 })
            .onConflict((conflict) =>
              conflict
                .columns(['user_id', 'day'])
                .doUpdateSet((eb) => ({ count: eb('ai_usage.count', '+', 1) }))
                .where('ai_usage.count', '<', call.dailyLimit),
            )
            .returning('count')
            .executeTakeFirst();
          if (!counted) throw new CallRefused('USER_DAILY_LIMIT');
          const { max, windowMs, now } = call.budget;
          const isInBudget = await createRateLimitCounters(trx).hitWithin(
            `ai:budget:${call.day}`,
            max,
            windowMs,
            now,
          );
          if (!isInBudget) throw new CallRefused('INSTANCE_BUDGET');
        });
        return undefined;
      } catch (error) {
        if (error instanceof CallRefused) return error.reason;
        throw error;
      }
    },

    /** Takes the decision's run lock; false while another run holds it. */
    async startRun(decisionId: number, userId: number, startedAt: string): Promise<boolean> {
      const row = await db
        .insertInto('ai_runs')
        .values({ decision_id: decisionId, user_id: userId, started_at: startedAt })
        .onConflict((conflict) => conflict.column('decision_id').doNothing())
        .returning('decision_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A run whose process died leaves its row; after `staleBefore` the lock may be taken over. */
    async clearStaleRun(decisionId: number, staleBefore: string): Promise<void> {
      await db
        .deleteFrom('ai_runs')
        .where('decision_id', '=', decisionId)
        .where('started_at', '<', staleBefore)
        .execute();
    },

    async finishRun(decisionId: number): Promise<void> {
      await db.deleteFrom('ai_runs').where('decision_id', '=', decisionId).execute();
    },
  };
}

export type AiUsageRepo = ReturnType<typeof createAiUsageRepo>;
