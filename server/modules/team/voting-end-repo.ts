import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { createLifecycleColumnsRepo } from '../decisions/index.ts';

/**
 * The end of voting's once-only notice: which decisions still owe it (read here) and its marker on the
 * decision's row (written through the decisions module, which owns the `decisions` table).
 */
export function createVotingEndRepo(db: Kysely<Database>) {
  const { claimVotingEndedAnnouncement } = createLifecycleColumnsRepo(db);
  return {
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

    claimVotingEndedAnnouncement,
  };
}

export type VotingEndRepo = ReturnType<typeof createVotingEndRepo>;
