import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function createAiUsageRepo(db: Kysely<Database>) {
  return {
    /**
     * Counts one AI call for the user on `day` unless the cap is reached; one atomic upsert, so
     * parallel requests (and several instances) never exceed it. Returns false when capped.
     */
    async countCall(userId: number, day: string, dailyLimit: number): Promise<boolean> {
      const row = await db
        .insertInto('ai_usage')
        .values({ user_id: userId, day, count: 1 })
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'day'])
            .doUpdateSet((eb) => ({ count: eb('ai_usage.count', '+', 1) }))
            .where('ai_usage.count', '<', dailyLimit),
        )
        .returning('count')
        .executeTakeFirst();
      return row !== undefined;
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
