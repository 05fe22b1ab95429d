import { isoNow } from '../../db/values.ts';
import type { DecisionAccess } from './access.ts';
import type { DecisionWriteContext } from './write-context.ts';

/** Team lifecycle writes (deadline, activation); the team service tells the members. */
export function createLifecycleWrites({ decisions, writeLocked }: DecisionWriteContext) {
  return {
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
  };
}
