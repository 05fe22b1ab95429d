import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { decisionModeSchema } from './decisions.ts';
import { partIdSchema, resourceIdSchema } from './ids.ts';
import { emailSchema } from './users.ts';
import { multiLineText, singleLineText } from './text.ts';

const { decision: D } = LIMITS;

const isoTimestamp = z.iso.datetime({ offset: true, error: 'validation.date' });

/** Optional rows of the create form: blank names are dropped (SPEC.md section 5). */
const optionalRows = <T extends { name: string }>(row: z.ZodType<T>, maxRows: number) =>
  z
    .array(z.union([z.string(), row]))
    .max(maxRows, 'validation.tooMany')
    .optional()
    .transform((rows): T[] =>
      (rows ?? [])
        .map((entry) => (typeof entry === 'string' ? ({ name: entry } as T) : entry))
        .map((entry) => ({ ...entry, name: entry.name.trim() }))
        .filter((entry) => entry.name !== ''),
    );

export const createTeamDecisionRequestSchema = z.object({
  name: singleLineText(D.nameMax).min(1, 'validation.titleRequired'),
  description: multiLineText(D.descriptionMax)
    .nullish()
    .transform((v) => v ?? ''),
  mode: decisionModeSchema.default('manual'),
  timer: isoTimestamp.nullish(),
  type: z.literal('team').default('team'),
  options: optionalRows(z.object({ name: singleLineText(D.optionNameMax) }), D.maxOptions),
  criteria: optionalRows(
    z.object({
      name: singleLineText(D.criterionNameMax),
      importance: z.coerce
        .number()
        .min(0, 'validation.importanceRange')
        .max(100, 'validation.importanceRange')
        .optional(),
    }),
    D.maxCriteria,
  ),
});

export const inviteRequestSchema = z.object({
  decision_id: resourceIdSchema,
  email: emailSchema,
  role: z.enum(['editor', 'viewer'], { error: 'validation.inviteRole' }).default('editor'),
});

export const inviteResponseSchema = z.object({
  message: z.string(),
  invite_token: z.string(),
  /** Same as invite_token (older clients read `token`). */
  token: z.string(),
  link: z.string(),
  invitation_id: z.number(),
  /** true while the inviter's address is unconfirmed: the mail waits, the link works already. */
  mail_held: z.boolean(),
});

export const validateInvitationResponseSchema = z.object({
  role: z.enum(['editor', 'viewer']),
  decision_id: z.number(),
  decision_name: z.string(),
  inviter: z.string(),
  email: z.string(),
  expires_at: z.string(),
});

export const acceptInvitationRequestSchema = z.object({ invite_token: z.string().min(1).max(200) });
export const acceptInvitationResponseSchema = z.object({ message: z.string(), decision_id: z.number() });

export const changeRoleRequestSchema = z.object({ role: z.enum(['admin', 'editor', 'viewer']) });

export const timerRequestSchema = z.object({ timer: isoTimestamp.nullable() });

export const weightsRequestSchema = z.object({
  weights: z
    .array(
      z.object({
        criterion_id: partIdSchema,
        // Optional per SPEC.md: null (or an empty entry) removes the weight.
        weight: z
          .number({ error: 'validation.number' })
          .min(LIMITS.scales.weight.min, 'validation.weightRange')
          .max(LIMITS.scales.weight.max, 'validation.weightRange')
          .nullable(),
      }),
    )
    .max(D.maxCriteria),
});

export const notificationSchema = z.object({
  id: z.number(),
  kind: z.string(),
  /** Rendered in the reader's language. */
  message: z.string(),
  read: z.boolean(),
  link: z.string().nullable(),
  created_at: z.string(),
  user_id: z.number(),
  inviter_id: z.number().nullable(),
  decision_id: z.number().nullable(),
  /** An unread invitation that is still open, addressed to the reader by someone else. */
  can_accept: z.boolean(),
});

export type Notification = z.infer<typeof notificationSchema>;
export type InviteRequest = z.input<typeof inviteRequestSchema>;
export type CreateTeamDecisionRequest = z.input<typeof createTeamDecisionRequestSchema>;
