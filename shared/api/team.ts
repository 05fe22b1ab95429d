import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import {
  criterionAnchorsSchema,
  criterionInputSchema,
  criterionMinimumSchema,
  measuredCriterionFields,
  refineCriterionInput,
  decisionModeSchema,
  optionInputSchema,
  resultsVisibilitySchema,
} from './decisions.ts';
import { errorResponseSchema } from './errors.ts';
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
  results_visibility: resultsVisibilitySchema.default('always'),
  options: optionalRows(z.object({ name: singleLineText(D.optionNameMax) }), D.maxOptions),
  criteria: optionalRows(
    z
      .object({
        name: singleLineText(D.criterionNameMax),
        importance: z.coerce
          .number()
          .min(0, 'validation.importanceRange')
          .max(100, 'validation.importanceRange')
          .optional(),
        minimum: criterionMinimumSchema,
        anchors: criterionAnchorsSchema,
        ...measuredCriterionFields,
      })
      .superRefine(refineCriterionInput),
    D.maxCriteria,
  ),
  /**
   * Issue 29: a decision of this workspace (the caller must be its owner or an admin); every member of
   * the workspace takes part without an invitation.
   */
  workspace_id: resourceIdSchema.nullish(),
});

export const inviteRequestSchema = z.object({
  decision_id: resourceIdSchema,
  email: emailSchema,
  role: z.enum(['editor', 'viewer'], { error: 'validation.inviteRole' }).default('editor'),
});

/**
 * 429 of POST /api/team/invite: the app's error body; after INVITATION_MAIL_TOO_SOON also when the next
 * mail to that address for that decision is possible.
 */
export const inviteRefusedSchema = errorResponseSchema.extend({ next_mail_at: z.string().optional() });

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
  /** The inviter by the display-name rule. */
  inviter: z.string(),
  /** The invited address as typed: the link was mailed there, so registration starts with it. */
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

/**
 * Points at one option or criterion row: `…_id` for a stored row, `…_index` for the row at that
 * position of the lists as they are after this save (new rows have no id yet). Exactly one of the two.
 */
const rowIndex = (max: number) =>
  z
    .number()
    .int()
    .min(0)
    .max(max - 1);
const exactlyOneOf =
  (first: string, second: string) => (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    if ((value[first] === undefined) === (value[second] === undefined))
      ctx.addIssue({ code: 'custom', message: 'validation.rowReference', path: [first] });
  };

export const teamVoteInputSchema = z
  .object({
    option_id: partIdSchema.optional(),
    option_index: rowIndex(D.maxOptions).optional(),
    criterion_id: partIdSchema.optional(),
    criterion_index: rowIndex(D.maxCriteria).optional(),
    value: z
      .number({ error: 'validation.number' })
      .int('validation.integer')
      .min(LIMITS.scales.team.min, 'validation.valueRange')
      .max(LIMITS.scales.team.max, 'validation.valueRange'),
  })
  .superRefine(exactlyOneOf('option_id', 'option_index'))
  .superRefine(exactlyOneOf('criterion_id', 'criterion_index'));

/**
 * A fact of a team decision (issue 31): the raw value of an option on a measured criterion, entered by
 * owner and admins on the set-up page and the same for every member.
 */
export const teamFactInputSchema = z
  .object({
    option_id: partIdSchema.optional(),
    option_index: rowIndex(D.maxOptions).optional(),
    criterion_id: partIdSchema.optional(),
    criterion_index: rowIndex(D.maxCriteria).optional(),
    measure: z.number({ error: 'validation.number' }),
  })
  .superRefine(exactlyOneOf('option_id', 'option_index'))
  .superRefine(exactlyOneOf('criterion_id', 'criterion_index'));

export const teamWeightInputSchema = z
  .object({
    criterion_id: partIdSchema.optional(),
    criterion_index: rowIndex(D.maxCriteria).optional(),
    weight: z
      .number({ error: 'validation.number' })
      .min(LIMITS.scales.weight.min, 'validation.weightRange')
      .max(LIMITS.scales.weight.max, 'validation.weightRange')
      .nullable(),
  })
  .superRefine(exactlyOneOf('criterion_id', 'criterion_index'));

/**
 * PUT /api/team-decisions/{id}: the whole team edit page in one request and one transaction.
 * - name, description, options, criteria: owner and admin only (403 for others); absent keeps the
 *   stored value; lists as in PUT /api/decision/{id} (ids keep rows, their votes and weights).
 * - votes: the caller's own votes; present replaces all of them (a cell left out loses its vote).
 * - weights: the caller's own weights; present replaces all of them (null or left out: no weight).
 * - results_visibility: owner and admin, as PATCH …/results-visibility (only stricter once anyone
 *   voted: 409 VISIBILITY_LOCKED), so the set-up tab saves in one request.
 * - facts (issue 31): owner and admin; the raw values of measured criteria, the same for everyone;
 *   present replaces all of them. Members vote on score criteria only.
 * Votes and weights of a submitted vote are final: 409 VOTE_SUBMITTED until it is reopened.
 * Answers with the caller's details after the save; a refusal saves nothing.
 */
export const teamEditRequestSchema = z.object({
  name: singleLineText(D.nameMax).min(1, 'validation.titleRequired').optional(),
  description: multiLineText(D.descriptionMax).nullish(),
  options: z.array(optionInputSchema).max(D.maxOptions, 'validation.tooMany').optional(),
  criteria: z.array(criterionInputSchema).max(D.maxCriteria, 'validation.tooMany').optional(),
  votes: z
    .array(teamVoteInputSchema)
    .max(D.maxOptions * D.maxCriteria)
    .optional(),
  weights: z.array(teamWeightInputSchema).max(D.maxCriteria).optional(),
  results_visibility: resultsVisibilitySchema.optional(),
  /** Issue 31: the raw values of measured criteria; owner and admin; present replaces all facts. */
  facts: z
    .array(teamFactInputSchema)
    .max(D.maxOptions * D.maxCriteria)
    .optional(),
});

export type TeamEditRequest = z.input<typeof teamEditRequestSchema>;

/** POST /api/decision/{id}/submit (issue 27): the caller's vote is final from `submitted_at` on. */
export const submitVoteResponseSchema = z.object({ message: z.string(), submitted_at: z.string() });
export type SubmitVoteResponse = z.infer<typeof submitVoteResponseSchema>;

/** POST /api/decision/{id}/members/{userId}/reopen: the voter whose submitted vote is reopened. */
export const reopenVoteParamsSchema = z.object({ id: resourceIdSchema, userId: resourceIdSchema });

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
export type InviteResponse = z.infer<typeof inviteResponseSchema>;
export type InvitationPreview = z.infer<typeof validateInvitationResponseSchema>;
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;
export type ChangeRoleRequest = z.infer<typeof changeRoleRequestSchema>;
export type CreateTeamDecisionRequest = z.input<typeof createTeamDecisionRequestSchema>;
