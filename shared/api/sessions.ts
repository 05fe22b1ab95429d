import { z } from 'zod';

/**
 * GET /api/users/me/sessions: the caller's live sessions, most recently used first. `ip_hint` is
 * coarse ("203.0.113.x"), never the full address; `user_agent` is the browser's, cut to a sane length;
 * both are null for sessions from before they were recorded. `current` marks the caller's own.
 */
export const signedInSessionSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  last_used_at: z.string(),
  user_agent: z.string().nullable(),
  ip_hint: z.string().nullable(),
  current: z.boolean(),
});

export const signedInSessionsSchema = z.array(signedInSessionSchema);

export type SignedInSession = z.infer<typeof signedInSessionSchema>;
