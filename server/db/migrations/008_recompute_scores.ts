import type { Kysely } from 'kysely';
import {
  computePersonalTotals,
  countedPersonalCells,
  rankOptions,
  topScore,
} from '../../../shared/scoring/personal.ts';
import { computeTeamTotals, teamVotesOf } from '../../../shared/scoring/team.ts';
import type { Database } from '../schema.ts';
import { recomputeScores } from './recompute-scores.ts';

/**
 * Issue 14 changed what `decisions.score` means (totals divide by the importance sum; a team decision
 * nobody voted on has no score instead of 0), so every stored score is computed once more.
 */
export async function up(untyped: Kysely<unknown>): Promise<void> {
  await recomputeScores(
    untyped as unknown as Kysely<Database>,
    ({ decision, options, criteria, evaluations, weights }) => {
      const totals =
        decision.type === 'team'
          ? computeTeamTotals(
              options,
              criteria,
              teamVotesOf(evaluations, weights, { options, criteria }),
              decision.mode,
            )
          : computePersonalTotals(options, criteria, countedPersonalCells(evaluations, decision.user_id));
      return topScore(rankOptions(totals));
    },
    { withMinimum: false },
  );
}

export async function down(): Promise<void> {
  // Scores are derived; the previous formula's values are not worth restoring.
}
