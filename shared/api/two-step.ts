import { z } from 'zod';
import { sessionResponseSchema } from './users.ts';

// Two-step sign-in (issue 28): TOTP (RFC 6238) with recovery codes, and the login's second step.

// Missing → "required"; present but not a string → "wrong type".
const requiredString = () =>
  z.string({
    error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidType'),
  });

/** A 6-digit code, or (where allowed) a recovery code such as `7k2m-q9xd-3hfa-w0bn`; spaces do not count. */
const codeSchema = requiredString().trim().min(1, 'validation.required').max(64, 'validation.tooLong');

export const totpEnrolmentResponseSchema = z.object({
  /** Base32, for typing into an app by hand; never sent again once confirmed. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The QR code of `otpauth_url` as an SVG document. */
  qr_svg: z.string(),
});

export const totpConfirmRequestSchema = z.object({ code: codeSchema });

/** Shown once: only their hashes are stored, and each works once. */
export const recoveryCodesResponseSchema = z.object({ recovery_codes: z.array(z.string()) });

export const totpDisableRequestSchema = z.object({
  password: requiredString().min(1, 'validation.required').max(1024, 'validation.tooLong'),
  /** A current code or an unused recovery code. */
  code: codeSchema,
});

export const twoStepStatusSchema = z.object({
  enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
});

/** `POST /api/login` for an account with a second factor: no session yet, the code comes next. */
export const mfaRequiredResponseSchema = z.object({
  mfa_required: z.literal(true),
  /** Not a bearer token: it only completes this sign-in, within 5 minutes and 5 wrong codes. */
  mfa_token: z.string(),
});

/** What `POST /api/login` answers: a session, or the second step's token. */
export const loginResponseSchema = z.union([sessionResponseSchema, mfaRequiredResponseSchema]);

export const mfaLoginRequestSchema = z.object({
  mfa_token: requiredString().min(1, 'validation.required').max(200, 'validation.tooLong'),
  code: codeSchema,
});

export type TotpEnrolment = z.infer<typeof totpEnrolmentResponseSchema>;
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;
export type TotpDisableRequest = z.infer<typeof totpDisableRequestSchema>;
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;
export type MfaRequiredResponse = z.infer<typeof mfaRequiredResponseSchema>;
export type MfaLoginRequest = z.infer<typeof mfaLoginRequestSchema>;
