import { z } from 'zod';

// Tokens are 43 base64url characters; anything far longer is refused by validation, not looked up.
export const verifyEmailRequestSchema = z.object({
  token: z.string().min(1, 'validation.required').max(200, 'validation.tooLong'),
});

export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;
