import { LIMITS } from '../../../shared/limits.ts';
import { AppError } from '../../app-error.ts';
import { isoNow, toIsoString } from '../../db/values.ts';
import {
  automaticReminderDueAt,
  type DecisionAccess,
  type DecisionWriteContext,
} from '../decisions/index.ts';

/** A deadline must lie at least 5 minutes ahead (a minute of grace for clocks and typing). */
export function assertDeadlineFarEnough(timer: string | null | undefined): void {
  if (!timer) return;
  const earliest = Date.now() + (LIMITS.team.deadlineMinMinutes - 1) * 60_000;
  if (new Date(timer).getTime() < earliest)
    throw new AppError('VALIDATION_FAILED', { timer: 'validation.deadlineTooSoon' });
}

/** Team lifecycle writes (deadline, activation); team voting tells the members. */
export function createLifecycleWrites({
  decisions,
  writeLocked,
  history,
  recordVotingEnded,
}: DecisionWriteContext) {
  return {
    async markActivated(access: DecisionAccess): Promise<void> {
      await writeLocked(access.decision.id, access.userId, 'activate', async (locked, trx) => {
        await decisions.updateDecision(access.decision.id, { activated_at: isoNow() }, trx);
        await history.record(trx, [
          { decisionId: locked.decision.id, kind: 'activated', actorId: locked.userId },
        ]);
      });
    },

    async setTimer(access: DecisionAccess, timer: string | null): Promise<void> {
      await writeLocked(access.decision.id, access.userId, 'manageDeadline', async (locked, trx) => {
        const before = locked.decision.timer === null ? null : toIsoString(locked.decision.timer);
        const after = timer === null ? null : new Date(timer).toISOString();
        await decisions.updateDecision(
          access.decision.id,
          { timer, automatic_reminder_due_at: automaticReminderDueAt(timer) },
          trx,
        );
        if (before !== after)
          await history.record(trx, [
            {
              decisionId: locked.decision.id,
              kind: 'deadline_changed',
              actorId: locked.userId,
              changes: [{ field: 'deadline', from: before, to: after }],
            },
          ]);
      });
    },

    /**
     * "End voting now": the deadline becomes now, remembering who ended it (screens name them), and the
     * result as it stands is frozen and `voting_ended` recorded in the same transaction (issue 30).
     */
    async endVotingNow(access: DecisionAccess, now: string): Promise<void> {
      await writeLocked(access.decision.id, access.userId, 'manageDeadline', async (_, trx) => {
        const ended = await decisions.updateDecision(
          access.decision.id,
          {
            timer: now,
            automatic_reminder_due_at: null,
            voting_ended_by: access.userId,
            voting_ended_at: now,
          },
          trx,
        );
        await recordVotingEnded(trx, ended, access.userId, now);
      });
    },
  };
}
