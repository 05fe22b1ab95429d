import { scaleOfDecision } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import type { DecisionAccess } from './access.ts';
import type { CriterionKind } from '../../../shared/scoring/measure.ts';
import { addCellKindIssues, addOffScaleValues } from './matrix.ts';
import { cellColumns } from './save-matrix.ts';
import type { DecisionRow } from './repo.ts';
import type { DecisionWriteContext } from './write-context.ts';
import { readStoredMatrix, recordSave } from './history-record.ts';

export interface EvaluationInput {
  option_id: number;
  criterion_id: number;
  /** A score criterion's value; a measured criterion takes `measure` instead (issue 31). */
  value?: number | undefined;
  measure?: number | undefined;
  explanation: string | null;
  ai_value?: number | null | undefined;
  ai_explanation?: string | null | undefined;
}

/** What the AI proposed travels only with personal cells; a team's AI opinion is stored on its own. */
export function withoutAiProposal<T extends { ai_value?: unknown; ai_explanation?: unknown }>(
  row: T,
): Omit<T, 'ai_value' | 'ai_explanation'> {
  const { ai_value: _value, ai_explanation: _explanation, ...rest } = row;
  return rest;
}

/**
 * Refuses values off the decision's scale (a personal decision is scored 1–10, so a 0 that the 0–10
 * request schema lets through is refused here), cells naming rows not in the decision and two values
 * for one cell, naming each.
 */
export function assertEvaluationCells(
  evaluations: readonly EvaluationInput[],
  optionIds: ReadonlySet<number>,
  criterionKinds: ReadonlyMap<number, CriterionKind>,
  scale: { min: number; max: number },
  isTeam = false,
): void {
  const fields: Record<string, string> = {};
  const cells = new Set<string>();
  evaluations.forEach((evaluation, index) => {
    const kind = criterionKinds.get(evaluation.criterion_id);
    if (kind !== 'measure') addOffScaleValues(evaluation, index, scale, fields);
    addCellKindIssues(evaluation, kind, `evaluations.${index}`, 'criterion_id', isTeam, fields);
    if (!optionIds.has(evaluation.option_id))
      fields[`evaluations.${index}.option_id`] = 'validation.unknownOption';
    if (!criterionKinds.has(evaluation.criterion_id)) {
      fields[`evaluations.${index}.criterion_id`] = 'validation.unknownCriterion';
    }
    const cell = `${evaluation.option_id}:${evaluation.criterion_id}`;
    if (cells.has(cell)) fields[`evaluations.${index}`] = 'validation.duplicateCell';
    cells.add(cell);
  });
  if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', fields);
}

/** POST evaluate: upserts the caller's values for the given cells; every id must belong to this decision. */
export function createEvaluate({ decisions, writeLocked, matrix, emit, history }: DecisionWriteContext) {
  return async function evaluate(
    access: DecisionAccess,
    evaluations: EvaluationInput[],
  ): Promise<DecisionRow> {
    if (!evaluations.length) return access.decision;
    const { row, read } = await writeLocked(
      access.decision.id,
      access.userId,
      'vote',
      async (locked, trx) => {
        const { decision } = locked;
        // Read under the lock: an option the owner removed a moment ago is unknown now, not an orphan.
        const [options, criteria] = await Promise.all([
          decisions.listOptions(decision.id, trx),
          decisions.listCriteria(decision.id, trx),
        ]);
        assertEvaluationCells(
          evaluations,
          new Set(options.map((option) => option.id)),
          new Map(criteria.map((criterion) => [criterion.id, criterion.kind])),
          scaleOfDecision(decision.type),
          decision.type === 'team',
        );
        const isTeam = decision.type === 'team';
        // Personal: the values before, for the version and the count of changed ones. Team: no extra read.
        const matrixBefore = isTeam
          ? null
          : await readStoredMatrix(decisions, decision.id, trx, { cells: true });
        const rows = evaluations.map(({ value, measure, ...evaluation }) => ({
          ...(decision.type === 'team' ? withoutAiProposal(evaluation) : evaluation),
          ...cellColumns({ value, measure }, scaleOfDecision(decision.type)),
          generated_by: 'user' as const,
        }));
        await decisions.replaceUserEvaluations(decision.id, locked.userId, rows, trx, {
          onlyGivenCells: true,
        });
        const result = await matrix.refreshScoreAfterVote(trx, decision, {
          userId: locked.userId,
          cells: rows,
        });
        if (isTeam) {
          await history.record(trx, [
            {
              decisionId: decision.id,
              kind: 'vote_saved',
              actorId: locked.userId,
              changes: [{ field: 'cells', from: null, to: rows.length }],
            },
          ]);
        } else {
          await recordSave(
            trx,
            { decisions, history },
            { actorId: locked.userId, rowBefore: decision, rowAfter: result.row, matrixBefore },
          );
        }
        return result;
      },
    );
    if (read) matrix.rememberVotes(row, read);
    await emit({ type: 'decision.changed', decisionId: access.decision.id });
    return row;
  };
}
