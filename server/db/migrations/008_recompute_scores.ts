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
// Decisions per batch: four queries load a batch's matrices, so start-up stays a handful of round trips.
const BATCH = 500;

function byDecision<T extends { decision_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) groups.set(row.decision_id, [...(groups.get(row.decision_id) ?? []), row]);
  return groups;
}

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Database>;
  const decisions = await db.selectFrom('decisions').select(['id', 'user_id', 'type', 'mode']).execute();
  for (let start = 0; start < decisions.length; start += BATCH) {
    const batch = decisions.slice(start, start + BATCH);
    const ids = batch.map((decision) => decision.id);
    const [optionRows, criterionRows, evaluationRows, weightRows] = await Promise.all([
      db
        .selectFrom('options')
        .select(['decision_id', 'id'])
        .where('decision_id', 'in', ids)
        .orderBy('position')
        .execute(),
      db
        .selectFrom('criteria')
        .select(['decision_id', 'id', 'importance'])
        .where('decision_id', 'in', ids)
        .orderBy('position')
        .execute(),
      db
        .selectFrom('evaluations')
        .select(['decision_id', 'option_id', 'criterion_id', 'value', 'user_id', 'generated_by'])
        .where('decision_id', 'in', ids)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('weights')
        .select(['decision_id', 'criterion_id', 'user_id', 'weight'])
        .where('decision_id', 'in', ids)
        .execute(),
    ]);
    const options = byDecision(optionRows);
    const criteria = byDecision(criterionRows);
    const evaluations = byDecision(evaluationRows);
    const weights = byDecision(weightRows);
    for (const decision of batch) {
      const rowsOf = <T>(groups: Map<number, T[]>) => groups.get(decision.id) ?? [];
      const totals =
        decision.type === 'team'
          ? computeTeamTotals(
              rowsOf(options),
              rowsOf(criteria),
              rowsOf(evaluations),
              rowsOf(weights),
              decision.mode,
            )
          : computePersonalTotals(
              rowsOf(options),
              rowsOf(criteria),
              countedPersonalCells(rowsOf(evaluations), decision.user_id),
            );
      await db
        .updateTable('decisions')
        .set({ score: topScore(rankOptions(totals)) })
        .where('id', '=', decision.id)
        .execute();
    }
  }
}

export async function down(): Promise<void> {
  // Scores are derived; the previous formula's values are not worth restoring.
}
