import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';
import type { Executor } from './repo-support.ts';

/** The members' weights per criterion: the `weights` table. */
export function createWeightsRepo(db: Kysely<Database>) {
  return {
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

    /** A member who leaves takes their weights along. */
    async deleteUserWeights(decisionId: number, userId: number, trx: Transaction<Database>): Promise<void> {
      await trx
        .deleteFrom('weights')
        .where('decision_id', '=', decisionId)
        .where('user_id', '=', userId)
        .execute();
    },

    /** One member's weights in a decision. */
    listUserWeights(decisionId: number, userId: number, executor: Executor = db) {
      return executor
        .selectFrom('weights')
        .select(['criterion_id', 'user_id', 'weight'])
        .where('decision_id', '=', decisionId)
        .where('user_id', '=', userId)
        .execute();
    },
  };
}
