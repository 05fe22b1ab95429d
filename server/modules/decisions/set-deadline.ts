import { LIMITS } from '../../../shared/limits.ts';
import { isoNow } from '../../db/values.ts';
import type { DecisionAccess } from './access.ts';
import type { DecisionWriteContext } from './write-context.ts';

const HOURS_BEFORE_MS = LIMITS.reminders.automaticHoursBeforeDeadline * 3600_000;

/**
 * When the automatic reminder before `timer` falls due: 24 hours before it, if it lies further ahead
 * than that now; otherwise none (a deadline set at short notice gets no reminder). Every write of a
 * deadline stores this, so moving a deadline later schedules a new reminder and clearing it cancels one.
 */
export function automaticReminderDueAt(timer: string | null, now = Date.now()): string | null {
  if (timer === null) return null;
  const dueAt = new Date(timer).getTime() - HOURS_BEFORE_MS;
  return dueAt > now ? new Date(dueAt).toISOString() : null;
}

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
        decisions.updateDecision(
          access.decision.id,
          { timer, automatic_reminder_due_at: automaticReminderDueAt(timer) },
          trx,
        ),
      );
    },

    /** "End voting now": the deadline becomes now, remembering who ended it (screens name them). */
    async endVotingNow(access: DecisionAccess, now: string): Promise<void> {
      await writeLocked(access.decision.id, access.userId, 'manageDeadline', (_, trx) =>
        decisions.updateDecision(
          access.decision.id,
          {
            timer: now,
            automatic_reminder_due_at: null,
            voting_ended_by: access.userId,
            voting_ended_at: now,
          },
          trx,
        ),
      );
    },
  };
}
