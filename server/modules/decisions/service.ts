import { AppError } from '../../app-error.ts';
import type { DecisionMode, DecisionType } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';
import type { Emit } from '../../events/domain-events.ts';
import { createAccess, type DecisionAccess } from './access.ts';
import type { IndexedEvaluation } from './matrix.ts';
import { createReadModel, followersOf } from './read-model.ts';
import type { DecisionRow, DecisionsRepo } from './repo.ts';
import { createMatrixWriter, rowAt, validateMatrix, type MatrixInput } from './save-matrix.ts';
import { createTeamEdit, type TeamEditInput } from './team-edit.ts';

export interface DecisionInput extends MatrixInput {
  name: string;
  /** Absent (undefined) keeps the stored value on update. */
  description?: string | null | undefined;
  mode?: DecisionMode | undefined;
  type?: DecisionType | undefined;
  /** Deadline (team decisions), ISO string. */
  timer?: string | null | undefined;
}

export interface EvaluationInput {
  option_id: number;
  criterion_id: number;
  value: number;
  explanation: string | null;
}

export function createDecisionsService(deps: { decisions: DecisionsRepo; emit: Emit }) {
  const { decisions, emit } = deps;
  const readModel = createReadModel(decisions);
  const { loadAccess, writeLocked, authorizedAccess } = createAccess({ decisions, readModel });
  const matrix = createMatrixWriter(decisions);
  const { refreshScore, assertValidUpdate } = matrix;

  const announceChange = (decisionId: number) => emit({ type: 'decision.changed', decisionId });

  const saveTeamEdit = createTeamEdit({ decisions, writeLocked, matrix });

  return {
    writeLocked,

    /** Keeps the score right after a write made elsewhere inside `writeLocked` (e.g. a member removed). */
    refreshScore,

    async markActivated(access: DecisionAccess): Promise<void> {
      await writeLocked(access.decision.id, access.userId, 'activate', (_, trx) =>
        decisions.updateDecision(access.decision.id, { activated_at: isoNow() }, trx),
      );
    },

    async setTimer(access: DecisionAccess, timer: string | null): Promise<void> {
      await writeLocked(access.decision.id, access.userId, 'manageDeadline', (_, trx) =>
        decisions.updateDecision(access.decision.id, { timer }, trx),
      );
    },

    /** The caller's weights (0–100, null removes one); every criterion must belong to the decision. */
    async setWeights(access: DecisionAccess, weights: { criterion_id: number; weight: number | null }[]) {
      const updated = await writeLocked(access.decision.id, access.userId, 'weight', async (locked, trx) => {
        const { decision } = locked;
        const criterionIds = new Set(
          (await decisions.listCriteria(decision.id, trx)).map((criterion) => criterion.id),
        );
        const fields: Record<string, string> = {};
        const seen = new Set<number>();
        weights.forEach((weight, index) => {
          if (!criterionIds.has(weight.criterion_id))
            fields[`weights.${index}.criterion_id`] = 'validation.unknownCriterion';
          if (seen.has(weight.criterion_id)) fields[`weights.${index}`] = 'validation.duplicateCell';
          seen.add(weight.criterion_id);
        });
        if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', fields);
        await decisions.replaceUserWeights(decision.id, locked.userId, weights, trx, {
          onlyGivenCriteria: true,
        });
        return refreshScore(trx, decision);
      });
      await announceChange(access.decision.id);
      return updated;
    },

    authorizedAccess,
    loadAccess,

    list(userId: number) {
      return decisions.listVisibleTo(userId);
    },

    async create(userId: number, input: DecisionInput): Promise<DecisionRow> {
      validateMatrix(input, { optionCount: 0, criterionCount: 0, type: input.type ?? 'private' });
      return decisions.transaction(async (trx) => {
        const now = isoNow();
        const decision = await decisions.insertDecision(
          {
            user_id: userId,
            name: input.name,
            description: input.description ?? '',
            mode: input.mode ?? 'manual',
            type: input.type ?? 'private',
            score: null,
            timer: input.timer ?? null,
            created_at: now,
            updated_at: now,
          },
          trx,
        );
        await matrix.applyMatrix(trx, decision.id, userId, input);
        return refreshScore(trx, decision);
      });
    },

    async update(access: DecisionAccess, input: DecisionInput): Promise<DecisionRow> {
      const updated = await writeLocked(access.decision.id, access.userId, 'edit', async (locked, trx) => {
        const { decision } = locked;
        // The kind of a decision never changes: team stays team, personal stays personal.
        if (input.type && (input.type === 'team') !== (decision.type === 'team')) {
          throw new AppError('VALIDATION_FAILED', { type: 'validation.typeChange' });
        }
        await assertValidUpdate(decision, input, trx);
        const saved = await decisions.updateDecision(
          decision.id,
          {
            name: input.name,
            description: input.description === undefined ? decision.description : (input.description ?? ''),
            mode: input.mode ?? decision.mode,
            type: input.type ?? decision.type,
          },
          trx,
        );
        await matrix.applyMatrix(trx, decision.id, locked.userId, input);
        return refreshScore(trx, saved);
      });
      await announceChange(access.decision.id);
      return updated;
    },

    /**
     * The team edit page in one request (PUT /api/team-decisions/{id}): lists, the caller's votes and
     * weights, one transaction. The caller reads the details afterwards.
     */
    async saveTeamEdit(decisionId: number, userId: number, input: TeamEditInput): Promise<void> {
      if (await saveTeamEdit(decisionId, userId, input)) await announceChange(decisionId);
    },

    /** Upserts the caller's values for the given cells; every id must belong to this decision. */
    async evaluate(access: DecisionAccess, evaluations: EvaluationInput[]): Promise<DecisionRow> {
      if (!evaluations.length) return access.decision;
      const updated = await writeLocked(access.decision.id, access.userId, 'vote', async (locked, trx) => {
        const { decision } = locked;
        // Read under the lock: an option the owner removed a moment ago is unknown now, not an orphan.
        const [options, criteria] = await Promise.all([
          decisions.listOptions(decision.id, trx),
          decisions.listCriteria(decision.id, trx),
        ]);
        const optionIds = new Set(options.map((option) => option.id));
        const criterionIds = new Set(criteria.map((criterion) => criterion.id));
        const fields: Record<string, string> = {};
        const cells = new Set<string>();
        evaluations.forEach((evaluation, index) => {
          if (!optionIds.has(evaluation.option_id))
            fields[`evaluations.${index}.option_id`] = 'validation.unknownOption';
          if (!criterionIds.has(evaluation.criterion_id)) {
            fields[`evaluations.${index}.criterion_id`] = 'validation.unknownCriterion';
          }
          const cell = `${evaluation.option_id}:${evaluation.criterion_id}`;
          if (cells.has(cell)) fields[`evaluations.${index}`] = 'validation.duplicateCell';
          cells.add(cell);
        });
        if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', fields);

        const rows = evaluations.map((evaluation) => ({ ...evaluation, generated_by: 'user' as const }));
        await decisions.replaceUserEvaluations(decision.id, locked.userId, rows, trx, {
          onlyGivenCells: true,
        });
        return refreshScore(trx, decision);
      });
      await announceChange(access.decision.id);
      return updated;
    },

    assertValidUpdate,

    /**
     * Saves the sent title, description, options and criteria and stores the AI's cells
     * (generated_by 'ai', no user) in one transaction: the decision is then completed by AI.
     * Refuses with 409 when another run finished first.
     */
    async completeWithAi(
      access: DecisionAccess,
      input: DecisionInput,
      cells: IndexedEvaluation[],
    ): Promise<DecisionRow> {
      await assertValidUpdate(access.decision, input);
      // The model answered after a wait: the lock re-checks role, deadline and an earlier AI run now.
      const updated = await writeLocked(access.decision.id, access.userId, 'startAi', async (locked, trx) => {
        const { decision } = locked;
        await assertValidUpdate(decision, input, trx);
        const saved = await decisions.updateDecision(
          decision.id,
          { name: input.name, description: input.description ?? decision.description, mode: 'ai' },
          trx,
        );
        const { optionIds, criterionIds } = await matrix.saveLists(trx, decision.id, input);
        await decisions.insertAiEvaluations(
          decision.id,
          cells.map((cell) => ({
            option_id: rowAt(optionIds, cell.option_index),
            criterion_id: rowAt(criterionIds, cell.criterion_index),
            value: cell.value,
            explanation: cell.explanation,
          })),
          trx,
        );
        return refreshScore(trx, saved);
      });
      await emit({ type: 'decision.completedByAi', decision: updated, actorId: access.userId });
      return updated;
    },

    details: readModel.details,

    /** Followers learn of the deletion live; the audience is read before the rows go. */
    async remove(access: DecisionAccess): Promise<void> {
      const followers = await followersOf(decisions, access.decision);
      await writeLocked(access.decision.id, access.userId, 'delete', (_, trx) =>
        decisions.deleteDecision(access.decision.id, trx),
      );
      await emit({ type: 'decision.deleted', decisionId: access.decision.id, followers });
    },
  };
}

export type DecisionsService = ReturnType<typeof createDecisionsService>;
