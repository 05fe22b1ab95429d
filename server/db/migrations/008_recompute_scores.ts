import type { Kysely } from 'kysely';
import {
  computePersonalTotals,
  countedPersonalCells,
  rankOptions,
  topScore,
} from '../../../shared/scoring/personal.ts';
import { computeTeamTotals } from '../../../shared/scoring/team.ts';
import type { Database } from '../schema.ts';

/**
 * `decisions.score` is derived and kept on save. Issue 14 changed what it means (totals divide by the
 * importance sum; a team decision nobody voted on has no score instead of 0), so every stored score is
 * computed once more with the shared engine; nothing else changes (updated_at stays).
 */
export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Database>;
  const decisions = await db.selectFrom('decisions').select(['id', 'user_id', 'type', 'mode']).execute();
  for (const decision of decisions) {
    const [options, criteria, evaluations, weights] = await Promise.all([
      db
        .selectFrom('options')
        .select('id')
        .where('decision_id', '=', decision.id)
        .orderBy('position')
        .execute(),
      db
        .selectFrom('criteria')
        .select(['id', 'importance'])
        .where('decision_id', '=', decision.id)
        .orderBy('position')
        .execute(),
      db
        .selectFrom('evaluations')
        .select(['option_id', 'criterion_id', 'value', 'user_id', 'generated_by'])
        .where('decision_id', '=', decision.id)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('weights')
        .select(['criterion_id', 'user_id', 'weight'])
        .where('decision_id', '=', decision.id)
        .execute(),
    ]);
    const totals =
      decision.type === 'team'
        ? computeTeamTotals(options, criteria, evaluations, weights, decision.mode)
        : computePersonalTotals(options, criteria, countedPersonalCells(evaluations, decision.user_id));
    await db
      .updateTable('decisions')
      .set({ score: topScore(rankOptions(totals)) })
      .where('id', '=', decision.id)
      .execute();
  }
}

export async function down(): Promise<void> {
  // Scores are derived; the previous formula's values are not worth restoring.
}
