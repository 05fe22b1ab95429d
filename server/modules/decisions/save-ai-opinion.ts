import { isoNow } from '../../db/values.ts';
import type { DecisionAccess } from './access.ts';
import type { DecisionWriteContext } from './write-context.ts';

export interface AiOpinionCell {
  option_id: number;
  criterion_id: number;
  value: number;
  explanation: string | null;
}

/**
 * Stores a team decision's AI opinion apart from the votes (issue 18), replacing the previous run. It
 * bumps no revision: no result, score, lock or analysis changes; open team views reload on the event.
 * Under the decision's lock, so cells of an option or criterion removed while the model thought are
 * dropped, and a decision switched to AI mode meanwhile refuses it (409).
 */
export function createSaveAiOpinion({ decisions, writeLocked, emit, history }: DecisionWriteContext) {
  return async function saveAiOpinion(access: DecisionAccess, cells: readonly AiOpinionCell[]) {
    const createdAt = isoNow();
    const saved = await writeLocked(
      access.decision.id,
      access.userId,
      'askAiOpinion',
      async (locked, trx) => {
        const [options, criteria] = await Promise.all([
          decisions.listOptions(locked.decision.id, trx),
          decisions.listCriteria(locked.decision.id, trx),
        ]);
        const optionIds = new Set(options.map((option) => option.id));
        const criterionIds = new Set(criteria.map((criterion) => criterion.id));
        const current = cells.filter(
          (cell) => optionIds.has(cell.option_id) && criterionIds.has(cell.criterion_id),
        );
        await decisions.replaceAiOpinion(locked.decision.id, current, createdAt, trx);
        // The values stay out of history: who asked, and how many cells the opinion holds.
        await history.record(trx, [
          {
            decisionId: locked.decision.id,
            kind: 'ai_opinion',
            actorId: locked.userId,
            changes: [{ field: 'cells', from: null, to: current.length }],
          },
        ]);
        return current;
      },
    );
    await emit({ type: 'decision.changed', decisionId: access.decision.id });
    return { cells: saved, created_at: createdAt };
  };
}
