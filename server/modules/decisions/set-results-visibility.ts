import { AppError } from '../../app-error.ts';
import type { Transaction } from 'kysely';
import type { Database, ResultsVisibility } from '../../db/schema.ts';
import type { DecisionAccess } from './access.ts';
import { assertVisibilityChange } from './policy.ts';
import type { DecisionRow, DecisionsRepo } from './repo.ts';
import type { DecisionWriteContext } from './write-context.ts';

/**
 * PATCH /api/decision/{id}/results-visibility: who sees a team decision's results before voting
 * ended. Owner and admin (`edit`), while the decision is a draft or open: once voting ended the
 * results are out, and the lock answers 409 as for every other change; once anyone voted, only a
 * stricter setting.
 */
export function createSetResultsVisibility({ decisions, writeLocked, emit, history }: DecisionWriteContext) {
  return async function setResultsVisibility(
    access: DecisionAccess,
    visibility: ResultsVisibility,
  ): Promise<DecisionRow> {
    const { saved, isChanged } = await writeLocked(
      access.decision.id,
      access.userId,
      'edit',
      async ({ decision }, trx) => {
        assertTeamDecision(decision);
        if (decision.results_visibility === visibility) return { saved: decision, isChanged: false };
        await assertVisibilityChangeAllowed(decisions, decision, visibility, trx);
        const updated = await decisions.updateDecision(decision.id, { results_visibility: visibility }, trx);
        await history.record(trx, [
          {
            decisionId: decision.id,
            kind: 'visibility_changed',
            actorId: access.userId,
            changes: [{ field: 'results_visibility', from: decision.results_visibility, to: visibility }],
          },
        ]);
        return { saved: updated, isChanged: true };
      },
    );
    // Readers may see results now, or no longer: open pages reload.
    if (isChanged) await emit({ type: 'decision.changed', decisionId: saved.id });
    return saved;
  };
}

/**
 * Issue 27: once anyone voted or weighted, the setting only becomes stricter (409 VISIBILITY_LOCKED,
 * policy.ts `assertVisibilityChange`). Every path that sets it asks this under the decision's lock.
 */
export async function assertVisibilityChangeAllowed(
  decisions: Pick<DecisionsRepo, 'hasVotesOrWeights'>,
  decision: Pick<DecisionRow, 'id' | 'results_visibility'>,
  visibility: ResultsVisibility,
  trx: Transaction<Database>,
): Promise<void> {
  if (decision.results_visibility === visibility) return;
  assertVisibilityChange(
    decision.results_visibility,
    visibility,
    await decisions.hasVotesOrWeights(decision.id, trx),
  );
}

/** Personal decisions have no results visibility to set (they are always `always`). */
export function assertTeamDecision(decision: Pick<DecisionRow, 'type'>): void {
  if (decision.type !== 'team')
    throw new AppError('VALIDATION_FAILED', { results_visibility: 'validation.teamOnly' });
}
