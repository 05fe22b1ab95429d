import { z } from 'zod';
import { emailSchema, passwordSchema } from './users.ts';

// Tokens are 43 base64url characters; anything far longer is refused by validation, not looked up.
export const resetTokenSchema = z.string().min(1, 'validation.required').max(200, 'validation.tooLong');

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });

export const resetTokenParamsSchema = z.object({ token: resetTokenSchema });

export const resetPasswordRequestSchema = z.object({
  token: resetTokenSchema,
  // Same rules as register and change password (length here, common passwords on the server).
  password: passwordSchema,
});

export const resetLinkResponseSchema = z.object({ valid: z.literal(true), message: z.string() });

export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
