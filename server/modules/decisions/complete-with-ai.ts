import type { DecisionAccess } from './access.ts';
import type { IndexedEvaluation } from './matrix.ts';
import type { DecisionRow } from './repo.ts';
import type { DecisionInput } from './save-decision.ts';
import { rowAt } from './save-matrix.ts';
import type { DecisionWriteContext } from './write-context.ts';
import { readStoredMatrix, recordSave } from './history-record.ts';
import { isoNow } from '../../db/values.ts';

/**
 * Saves the sent title, description, options and criteria and stores the AI's cells
 * (generated_by 'ai', no user) in one transaction: the decision is then completed by AI.
 * Refuses with 409 when another run finished first. The AI's cells close the vote: the result is frozen
 * and `voting_ended` recorded in the transaction; the caller has it announced (the team module's voting end).
 */
export function createCompleteWithAi({
  decisions,
  writeLocked,
  matrix,
  emit,
  history,
  recordVotingEnded,
}: DecisionWriteContext) {
  return async function completeWithAi(
    access: DecisionAccess,
    input: DecisionInput,
    cells: IndexedEvaluation[],
  ): Promise<DecisionRow> {
    await matrix.assertValidUpdate(access.decision, input);
    // The model answered after a wait: the lock re-checks role, deadline and an earlier AI run now.
    const updated = await writeLocked(access.decision.id, access.userId, 'startAi', async (locked, trx) => {
      const { decision } = locked;
      await matrix.assertValidUpdate(decision, input, trx);
      const matrixBefore = await readStoredMatrix(decisions, decision.id, trx, { cells: false });
      const saved = await decisions.updateDecision(
        decision.id,
        { name: input.name, description: input.description ?? decision.description, mode: 'ai' },
        trx,
      );
      const { optionIds, criterionIds } = await matrix.saveLists(trx, decision.id, input);
      await decisions.insertAiEvaluations(
        decision.id,
        // The AI scores score criteria only: measured ones are left to the user (issue 31).
        cells.flatMap((cell) =>
          cell.value === undefined
            ? []
            : [
                {
                  option_id: rowAt(optionIds, cell.option_index),
                  criterion_id: rowAt(criterionIds, cell.criterion_index),
                  value: cell.value,
                  explanation: cell.explanation,
                },
              ],
        ),
        trx,
      );
      const scored = await matrix.refreshScore(trx, saved);
      // The caller started the run: the actor of the edits, the AI's cells and voting's end.
      await recordSave(
        trx,
        { decisions, history },
        { actorId: locked.userId, rowBefore: decision, rowAfter: scored, matrixBefore },
      );
      await history.record(trx, [
        {
          decisionId: decision.id,
          kind: 'ai_scored',
          actorId: locked.userId,
          changes: [{ field: 'cells', from: null, to: cells.length }],
        },
      ]);
      // The AI's cells end the vote: its result is frozen with them (issue 30).
      await recordVotingEnded(trx, scored, locked.userId, isoNow());
      return scored;
    });
    await emit({ type: 'decision.completedByAi', decision: updated, actorId: access.userId });
    return updated;
  };
}
