import type { Kysely } from 'kysely';
import type { Database, DecisionType } from '../schema.ts';

/**
 * `decisions.score` is derived (the top total, kept on save). When its rule changes, a migration
 * computes every stored score once more with the shared engine through this loader; nothing else
 * changes (updated_at stays).
 */
// Decisions per batch: four queries load a batch's matrices, so start-up stays a handful of round trips.
const BATCH = 500;

export interface StoredMatrix {
  decision: { id: number; user_id: number; type: DecisionType; mode: 'manual' | 'ai' };
  options: { id: number }[];
  criteria: { id: number; importance: number; minimum: number | null }[];
  evaluations: {
    option_id: number;
    criterion_id: number;
    value: number;
    user_id: number | null;
    generated_by: 'user' | 'ai' | 'fact';
  }[];
  weights: { criterion_id: number; user_id: number; weight: number }[];
}

function byDecision<T extends { decision_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) groups.set(row.decision_id, [...(groups.get(row.decision_id) ?? []), row]);
  return groups;
}

export async function recomputeScores(
  db: Kysely<Database>,
  scoreOf: (matrix: StoredMatrix) => number | null,
  { withMinimum }: { withMinimum: boolean },
): Promise<void> {
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
      // `minimum` exists from migration 012 on; earlier migrations read the criteria without it.
      (withMinimum
        ? db.selectFrom('criteria').select(['decision_id', 'id', 'importance', 'minimum'])
        : db.selectFrom('criteria').select(['decision_id', 'id', 'importance'])
      )
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
      const score = scoreOf({
        decision,
        options: rowsOf(options),
        criteria: rowsOf(criteria).map((criterion) => ({
          ...criterion,
          minimum: 'minimum' in criterion ? (criterion.minimum as number | null) : null,
        })),
        evaluations: rowsOf(evaluations),
        weights: rowsOf(weights),
      });
      await db.updateTable('decisions').set({ score }).where('id', '=', decision.id).execute();
    }
  }
}
