import type { Transaction } from 'kysely';
import type { HistoryChange, StoredMatrix } from '../../../shared/api/history.ts';
import { AppError } from '../../app-error.ts';
import type { Database } from '../../db/schema.ts';
import type { DecisionAccess } from './access.ts';
import { readStoredMatrix } from './history-record.ts';
import { authorize } from './policy.ts';
import type { DecisionRow } from './repo.ts';
import { rowAt } from './save-matrix.ts';
import type { DecisionWriteContext } from './write-context.ts';

/** The version a history entry belongs to, read by the history module inside the restore's transaction. */
export type FindVersionOfEntry = (
  trx: Transaction<Database>,
  decisionId: number,
  entryId: number,
) => Promise<{ versionId: number; matrix: StoredMatrix } | undefined>;

/**
 * POST /api/decision/{id}/restore (issue 30): brings a personal decision's matrix back as one save left
 * it: options, criteria with importance, minimum and anchors, values, explanations and the AI's
 * proposals. Rows that still exist keep their ids; rows deleted since come back under new ids (cells
 * follow them). Recorded as `restored` and as a new version of its own. Team decisions: 409.
 */
export function createRestoreVersion({
  decisions,
  writeLocked,
  matrix,
  emit,
  history,
}: DecisionWriteContext) {
  return async function restoreVersion(
    access: DecisionAccess,
    entryId: number,
    findVersion: FindVersionOfEntry,
  ): Promise<DecisionRow> {
    const restored = await writeLocked(access.decision.id, access.userId, null, async (locked, trx) => {
      const { decision } = locked;
      if (decision.type === 'team') throw new AppError('RESTORE_PERSONAL_ONLY');
      // The owner only: a reader of a public decision may look at versions, not bring one back.
      authorize(locked.relation, 'edit', locked.state);
      const found = await findVersion(trx, decision.id, entryId);
      if (!found) throw new AppError('VALIDATION_FAILED', { entry_id: 'validation.historyEntryNoVersion' });
      const version = found.matrix;
      const lists = await matrix.saveLists(trx, decision.id, {
        options: version.options.map((option) => ({ id: option.id, name: option.name })),
        criteria: version.criteria.map((criterion) => ({
          id: criterion.id,
          name: criterion.name,
          importance: criterion.importance,
          minimum: criterion.minimum,
          anchors: criterion.anchors,
          // Issue 31: how it was measured then (versions before it hold score criteria).
          kind: criterion.kind,
          unit: criterion.unit,
          direction: criterion.direction ?? undefined,
          worst: criterion.worst,
          best: criterion.best,
        })),
      });
      const optionIdOf = new Map(
        version.options.map((option, index) => [option.id, rowAt(lists.optionIds, index)]),
      );
      const criterionIdOf = new Map(
        version.criteria.map((criterion, index) => [criterion.id, rowAt(lists.criterionIds, index)]),
      );
      const cells = version.evaluations.flatMap((cell) => {
        const optionId = optionIdOf.get(cell.option_id);
        const criterionId = criterionIdOf.get(cell.criterion_id);
        return optionId === undefined || criterionId === undefined
          ? []
          : [{ ...cell, option_id: optionId, criterion_id: criterionId }];
      });
      await decisions.replaceUserEvaluations(
        decision.id,
        decision.user_id,
        cells
          .filter((cell) => cell.generated_by === 'user')
          .map((cell) => ({
            option_id: cell.option_id,
            criterion_id: cell.criterion_id,
            value: cell.value,
            measure: cell.measure,
            explanation: cell.explanation,
            generated_by: 'user' as const,
            ai_value: cell.ai_value,
            ai_explanation: cell.ai_explanation,
          })),
        trx,
        { onlyGivenCells: false },
      );
      await decisions.deleteAiEvaluations(decision.id, trx);
      await decisions.insertAiEvaluations(
        decision.id,
        cells
          .filter((cell) => cell.generated_by === 'ai')
          .map(({ option_id, criterion_id, value, explanation }) => ({
            option_id,
            criterion_id,
            value,
            explanation,
          })),
        trx,
      );
      const scored = await matrix.refreshScore(trx, decision);
      const after = await readStoredMatrix(decisions, decision.id, trx, { cells: true });
      const versionId = await history.recordVersion(trx, decision.id, after);
      const change: HistoryChange = { field: 'version', from: null, to: found.versionId };
      await history.record(trx, [
        { decisionId: decision.id, kind: 'restored', actorId: locked.userId, changes: [change], versionId },
      ]);
      return scored;
    });
    await emit({ type: 'decision.changed', decisionId: access.decision.id });
    return restored;
  };
}
