import { z } from 'zod';
import { LANGUAGES, LIMITS } from '../limits.ts';
import { brokenPasswordRule, PASSWORD_RULE_MESSAGE } from '../password-rules.ts';
import { singleLineText } from './text.ts';

// Missing → "required"; present but not a string → "wrong type".
const requiredString = () =>
  z.string({
    error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidType'),
  });

// Request schemas double as form schemas in the web app (react-hook-form + zodResolver).
// Messages are i18n keys under `validation.*`; server and UI translate them.

export const emailSchema = requiredString()
  .trim()
  .toLowerCase()
  .min(1, 'validation.required')
  .max(LIMITS.email.max, 'validation.tooLong')
  .pipe(z.email('validation.email'));

/**
 * A new password's shape. What makes it weak (too short, the address, …; `shared/password-rules.ts`)
 * the server answers with 400 WEAK_PASSWORD naming the rule; forms check it too with `passwordRuleIssue`.
 */
export const passwordSchema = requiredString()
  .min(1, 'validation.required')
  .max(LIMITS.password.max, 'validation.passwordTooLong');

/** For form schemas: the message key of the first rule a new password breaks, as the server would name it. */
export function passwordRuleIssue(password: string, email?: string): string | undefined {
  const rule = brokenPasswordRule(password, email);
  return rule ? PASSWORD_RULE_MESSAGE[rule] : undefined;
}

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: requiredString().min(1, 'validation.required').max(1024, 'validation.tooLong'),
});

export const registerRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  inviteToken: z.string().max(200).nullish(),
});

// Absent keys stay unchanged (undefined); empty strings and null clear the field.
const clearable = (value: string | null | undefined) => (value === undefined ? undefined : value || null);

const optionalName = singleLineText(LIMITS.personName.max).nullish().transform(clearable);

export const isoDateSchema = z.iso.date('validation.date');

export const updateProfileRequestSchema = z.object({
  nickname: singleLineText(LIMITS.nickname.max, 'validation.nicknameLength').nullish().transform(clearable),
  first_name: optionalName,
  last_name: optionalName,
  birthday: z
    .union([isoDateSchema, z.literal(''), z.null()])
    .optional()
    .transform(clearable)
    .refine((v) => !v || (v >= LIMITS.birthday.min && v <= new Date().toISOString().slice(0, 10)), {
      message: 'validation.birthday',
    }),
  language: z.enum(LANGUAGES).optional(),
});

export const changePasswordRequestSchema = z.object({
  oldPassword: requiredString().min(1, 'validation.required').max(1024, 'validation.tooLong'),
  newPassword: passwordSchema,
});

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  nickname: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  birthday: z.string().nullable(),
  language: z.enum(LANGUAGES),
  avatar_url: z.string().nullable(),
  /** false until the address is confirmed through the mailed link. */
  email_verified: z.boolean(),
  created_at: z.string(),
});

export const sessionResponseSchema = z.object({
  token: z.string(),
  user: userSchema,
  /**
   * The password just typed breaks today's rules (e.g. shorter than 12 characters, set before issue 27):
   * it still works, and the client asks the user to change it.
   */
  password_change_required: z.boolean(),
});
// Identical for a new and an already registered address, so it carries no user and no session.
export const registerResponseSchema = z.object({ message: z.string() });
export const messageResponseSchema = z.object({ message: z.string() });

export type User = z.infer<typeof userSchema>;
export type MessageResponse = z.infer<typeof messageResponseSchema>;
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
