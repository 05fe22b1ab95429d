import { AppError } from '../../app-error.ts';
import type { DecisionAccess, DecisionRow, DecisionWriteContext } from '../decisions/index.ts';

export interface WeightInput {
  criterion_id: number;
  weight: number | null;
}

/** Refuses weights for criteria not in the decision and two weights for one criterion, naming each. */
export function assertKnownCriteria(
  weights: readonly WeightInput[],
  criterionIds: ReadonlySet<number>,
): void {
  const fields: Record<string, string> = {};
  const seen = new Set<number>();
  weights.forEach((weight, index) => {
    if (!criterionIds.has(weight.criterion_id))
      fields[`weights.${index}.criterion_id`] = 'validation.unknownCriterion';
    if (seen.has(weight.criterion_id)) fields[`weights.${index}`] = 'validation.duplicateCell';
    seen.add(weight.criterion_id);
  });
  if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', fields);
}

/** POST weights: the caller's weights (0–100, null removes one) for the given criteria. */
export function createSetWeights({ decisions, writeLocked, matrix, emit, history }: DecisionWriteContext) {
  return async function setWeights(access: DecisionAccess, weights: WeightInput[]): Promise<DecisionRow> {
    const updated = await writeLocked(access.decision.id, access.userId, 'weight', async (locked, trx) => {
      const { decision } = locked;
      const criteria = await decisions.listCriteria(decision.id, trx);
      assertKnownCriteria(weights, new Set(criteria.map((criterion) => criterion.id)));
      await decisions.replaceUserWeights(decision.id, locked.userId, weights, trx, {
        onlyGivenCriteria: true,
      });
      // Only that the weights changed, and how many: never the weights themselves.
      await history.record(trx, [
        {
          decisionId: decision.id,
          kind: 'weights_saved',
          actorId: locked.userId,
          changes: [{ field: 'weights', from: null, to: weights.length }],
        },
      ]);
      return matrix.refreshScore(trx, decision);
    });
    await emit({ type: 'decision.changed', decisionId: access.decision.id });
    return updated;
  };
}
