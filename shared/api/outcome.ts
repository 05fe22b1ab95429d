import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { partIdSchema } from './ids.ts';
import { multiLineText } from './text.ts';

/** A rationale may be as long as a decision's description. */
export const RATIONALE_MAX = LIMITS.decision.descriptionMax;

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 3600_000;

/** A real day of the calendar (no 2025-02-30), written YYYY-MM-DD. */
function isCalendarDay(value: string): boolean {
  if (!CALENDAR_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The earliest date that is still today somewhere (UTC−12), so a user anywhere may choose their own
 * today while nothing truly in the past passes. The review notification goes out on that day in UTC.
 */
export function earliestTodayOnEarth(now = Date.now()): string {
  return new Date(now - DAY_MS / 2).toISOString().slice(0, 10);
}

export const reviewOnSchema = z
  .string({ error: 'validation.reviewOnDate' })
  .refine(isCalendarDay, 'validation.reviewOnDate')
  .refine((value) => value >= earliestTodayOnEarth(), 'validation.reviewOnPast');

/** PUT /api/decision/{id}/outcome: what was decided; recording again replaces it. */
export const outcomeRequestSchema = z.object({
  /** An option of this decision (checked by the server; another one is 400 naming this field). */
  option_id: partIdSchema,
  rationale: multiLineText(RATIONALE_MAX)
    .nullish()
    .transform((value) => value ?? ''),
  /** The day to look at the decision again, or null for none; not in the past. */
  review_on: reviewOnSchema.nullable().default(null),
});

export const outcomeSchema = z.object({
  option_id: z.number(),
  rationale: z.string(),
  review_on: z.string().nullable(),
  decided_at: z.string(),
  /** The user who recorded it (named with shared/display-name.ts); null once their account is gone. */
  decided_by: z.number().nullable(),
});

export type OutcomeRequest = z.input<typeof outcomeRequestSchema>;
/** A request as the schema leaves it: rationale trimmed (empty when absent), review_on null when absent. */
export type OutcomeInput = z.output<typeof outcomeRequestSchema>;
export type Outcome = z.infer<typeof outcomeSchema>;
