import type { Kysely } from 'kysely';
import { computeResult } from '../../../shared/scoring/decision-data.ts';
import { topScore } from '../../../shared/scoring/personal.ts';
import type { Database } from '../schema.ts';
import { recomputeScores } from './recompute-scores.ts';

/**
 * Issue 25: a decision has no score while its result is incomplete (an empty cell, nobody voted in
 * full, no weights), and a team member's empty weight counts as the importance. Every stored score is
 * computed once more by the rule the app now keeps on save.
 */
export async function up(untyped: Kysely<unknown>): Promise<void> {
  await recomputeScores(
    untyped as unknown as Kysely<Database>,
    ({ decision, options, criteria, evaluations, weights }) =>
      topScore(computeResult(decision, options, criteria, evaluations, weights).ranking),
    { withMinimum: true },
  );
}

export async function down(): Promise<void> {
  // Scores are derived; the previous rule's values are not worth restoring.
}
