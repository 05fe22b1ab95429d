import type { DecisionAccess } from './access.ts';
import { followersOf } from './read-model.ts';
import type { DecisionWriteContext } from './write-context.ts';

/** DELETE /api/decision/{id}: followers learn of it live; they are read before the rows go. */
export function createDeleteDecision({ decisions, writeLocked, emit }: DecisionWriteContext) {
  return async function remove(access: DecisionAccess): Promise<void> {
    const followers = await followersOf(decisions, access.decision);
    await writeLocked(access.decision.id, access.userId, 'delete', (_, trx) =>
      decisions.deleteDecision(access.decision.id, trx),
    );
    await emit({ type: 'decision.deleted', decisionId: access.decision.id, followers });
  };
}
