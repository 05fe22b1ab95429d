import { z } from 'zod';
import { emailSchema } from './users.ts';

/**
 * POST /api/users/me/email (signed in): 202 whether or not the new address has an account; the link
 * mailed to it applies the change. The current password proves the caller is the account's owner.
 */
export const changeEmailRequestSchema = z.object({
  new_email: emailSchema,
  password: z
    .string({
      error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidType'),
    })
    .min(1, 'validation.required')
    .max(1024, 'validation.tooLong'),
});

/** POST /api/users/me/email/confirm (signed in or not): the token of the mailed link, in the body. */
export const confirmEmailChangeRequestSchema = z.object({
  token: z.string().min(1, 'validation.required').max(200, 'validation.tooLong'),
});

export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;
export type ConfirmEmailChangeRequest = z.infer<typeof confirmEmailChangeRequestSchema>;
