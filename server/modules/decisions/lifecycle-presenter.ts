import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import type { Outcome } from '../../../shared/api/outcome.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { toIsoString } from '../../db/values.ts';
import type { DecisionAccess } from './access.ts';
import { can } from './policy.ts';
import type { DecisionRow } from './repo.ts';

const MANUAL_REMINDER_GAP_MS = LIMITS.reminders.manualEveryHours * 3600_000;

/** The outcome fields that leave the server; null while none is recorded. */
export function presentOutcome(decision: DecisionRow): Outcome | null {
  if (decision.outcome_option_id === null || decision.outcome_decided_at === null) return null;
  return {
    option_id: decision.outcome_option_id,
    rationale: decision.outcome_rationale ?? '',
    review_on: decision.outcome_review_on,
    decided_at: toIsoString(decision.outcome_decided_at),
    decided_by: decision.outcome_decided_by,
  };
}

/** When the next manual reminder is possible; null when one is possible now (or never was sent). */
export function nextManualReminderAt(
  decision: Pick<DecisionRow, 'last_manual_reminder_at'>,
  now = Date.now(),
) {
  if (decision.last_manual_reminder_at === null) return null;
  const next = new Date(decision.last_manual_reminder_at).getTime() + MANUAL_REMINDER_GAP_MS;
  return next > now ? new Date(next).toISOString() : null;
}

/**
 * The lifecycle part of the details: the outcome, and for whoever may remind, the reminder's state.
 * `reminderRecipientCount` is counted by the team module's rule (see `ReminderRecipientsOf`).
 */
export function presentLifecycle(
  access: Pick<DecisionAccess, 'decision' | 'relation' | 'state'>,
  parts: { reminderRecipientCount: number },
): Pick<DecisionDetails, 'outcome' | 'next_reminder_at' | 'reminder_recipients'> {
  const { decision } = access;
  const canRemind = can(access.relation, 'remind', access.state);
  return {
    outcome: presentOutcome(decision),
    next_reminder_at: canRemind ? nextManualReminderAt(decision) : null,
    reminder_recipients: canRemind ? parts.reminderRecipientCount : null,
  };
}
