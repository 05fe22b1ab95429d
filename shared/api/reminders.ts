import { z } from 'zod';
import { errorResponseSchema } from './errors.ts';

/** POST /api/decision/{id}/remind: how many voters were reminded. */
export const remindResponseSchema = z.object({ reminded: z.number() });

/** 429 while the 12-hour limit holds: the app's error body plus when the next reminder is possible. */
export const reminderTooSoonSchema = errorResponseSchema.extend({ next_reminder_at: z.string() });

export type RemindResponse = z.infer<typeof remindResponseSchema>;
