import type { Transaction } from 'kysely';
import { AppError } from '../../app-error.ts';
import type { Database, DecisionMode, DecisionType, ResultsVisibility } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';
import type { DecisionAccess } from './access.ts';
import type { DecisionRow } from './repo.ts';
import { validateMatrix, type MatrixInput } from './save-matrix.ts';
import { authorize } from './policy.ts';
import { assertTeamDecision, assertVisibilityChangeAllowed } from './set-results-visibility.ts';
import { automaticReminderDueAt } from './automatic-reminder.ts';
import type { DecisionWriteContext } from './write-context.ts';
import { EMPTY_MATRIX, readStoredMatrix, recordSave } from './history-record.ts';

export interface DecisionInput extends MatrixInput {
  name: string;
  /** Absent (undefined) keeps the stored value on update. */
  description?: string | null | undefined;
  mode?: DecisionMode | undefined;
  type?: DecisionType | undefined;
  /** Deadline (team decisions), ISO string. */
  timer?: string | null | undefined;
  /** Team decisions only; personal ones are always `always`. Absent keeps the stored value on update. */
  results_visibility?: ResultsVisibility | undefined;
  /** Issue 29: the workspace a new team decision belongs to (never changed by an update). */
  workspace_id?: number | null | undefined;
}

/**
 * Work of another module inside the creating transaction (issue 29: a workspace decision's members):
 * runs before the decision row is written (checks, locks; a refusal there rolls everything back) and
 * may return what to do once the row exists.
 */
export type PrepareCreation = (
  trx: Transaction<Database>,
) => Promise<((decision: DecisionRow) => Promise<void>) | undefined>;

/** POST /api/decision, POST /api/team-decisions and PUT /api/decision/{id}: decision, lists and own cells. */
export function createSaveDecision(
  { decisions, writeLocked, matrix, emit, history }: DecisionWriteContext,
  { maxOwnedPerUser }: { maxOwnedPerUser: number },
) {
  return {
    async create(userId: number, input: DecisionInput, prepare?: PrepareCreation): Promise<DecisionRow> {
      const type = input.type ?? 'private';
      validateMatrix(input, { optionCount: 0, criteria: [], type });
      const timer = input.timer ? new Date(input.timer).toISOString() : null;
      return decisions.transaction(async (trx) => {
        // Issue 27: personal and team alike; a deleted decision is gone and frees its slot.
        if ((await decisions.countOwnedForCreate(userId, trx)) >= maxOwnedPerUser) {
          throw new AppError('TOO_MANY_DECISIONS', undefined, { messageParams: { max: maxOwnedPerUser } });
        }
        const afterInsert = prepare ? await prepare(trx) : undefined;
        const now = isoNow();
        const decision = await decisions.insertDecision(
          {
            user_id: userId,
            name: input.name,
            description: input.description ?? '',
            mode: input.mode ?? 'manual',
            type,
            // Personal decisions show their results to whoever may read them.
            results_visibility: type === 'team' ? (input.results_visibility ?? 'always') : 'always',
            score: null,
            // Stored as toISOString(), so SQL compares deadlines as text on SQLite too.
            timer,
            automatic_reminder_due_at: automaticReminderDueAt(timer),
            workspace_id: type === 'team' ? (input.workspace_id ?? null) : null,
            created_at: now,
            updated_at: now,
          },
          trx,
        );
        if (afterInsert) await afterInsert(decision);
        await matrix.applyMatrix(trx, decision, userId, input);
        const scored = await matrix.refreshScore(trx, decision);
        await recordSave(
          trx,
          { decisions, history },
          { actorId: userId, rowBefore: null, rowAfter: scored, matrixBefore: EMPTY_MATRIX },
        );
        return scored;
      });
    },

    async update(access: DecisionAccess, input: DecisionInput): Promise<DecisionRow> {
      const updated = await writeLocked(access.decision.id, access.userId, 'edit', async (locked, trx) => {
        const { decision } = locked;
        // The kind of a decision never changes: team stays team, personal stays personal.
        if (input.type && (input.type === 'team') !== (decision.type === 'team')) {
          throw new AppError('VALIDATION_FAILED', { type: 'validation.typeChange' });
        }
        if (input.results_visibility !== undefined) {
          assertTeamDecision(decision);
          await assertVisibilityChangeAllowed(decisions, decision, input.results_visibility, trx);
        }
        // The caller's cells travel with the matrix: a submitted vote is final (issue 27).
        if (input.evaluations) authorize(locked.relation, 'vote', locked.state);
        await matrix.assertValidUpdate(decision, input, trx);
        const matrixBefore = await readStoredMatrix(decisions, decision.id, trx, {
          cells: decision.type !== 'team',
        });
        const saved = await decisions.updateDecision(
          decision.id,
          {
            name: input.name,
            description: input.description === undefined ? decision.description : (input.description ?? ''),
            mode: input.mode ?? decision.mode,
            type: input.type ?? decision.type,
            results_visibility: input.results_visibility ?? decision.results_visibility,
          },
          trx,
        );
        await matrix.applyMatrix(trx, decision, locked.userId, input);
        const scored = await matrix.refreshScore(trx, saved);
        // A team member's own cells sent along are a vote: counted, never their values.
        if (decision.type === 'team' && input.evaluations?.length)
          await history.record(trx, [
            {
              decisionId: decision.id,
              kind: 'vote_saved',
              actorId: locked.userId,
              changes: [{ field: 'cells', from: null, to: input.evaluations.length }],
            },
          ]);
        await recordSave(
          trx,
          { decisions, history },
          { actorId: locked.userId, rowBefore: decision, rowAfter: scored, matrixBefore },
        );
        return scored;
      });
      await emit({ type: 'decision.changed', decisionId: access.decision.id });
      return updated;
    },
  };
}
