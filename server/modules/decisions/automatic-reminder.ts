import { LIMITS } from '../../../shared/limits.ts';

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
