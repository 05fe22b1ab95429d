import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { criterionAnchorsSchema, criterionMinimumSchema, refineCriterionInput } from './decisions.ts';
import { resourceIdSchema } from './ids.ts';
import { singleLineText } from './text.ts';
import { emailSchema } from './users.ts';

// Issue 29: workspaces, their members, invitations and shared criteria sets (the API of the issue).
const W = LIMITS.workspace;
const D = LIMITS.decision;

export const workspaceRoleSchema = z.enum(['owner', 'admin', 'member']);
export type WorkspaceRole = z.infer<typeof workspaceRoleSchema>;
/** Roles one can be invited to or given: the owner's place only passes by a transfer. */
export const assignableWorkspaceRoleSchema = z.enum(['admin', 'member'], {
  error: 'validation.workspaceRole',
});

export const workspaceNameSchema = singleLineText(W.nameMax).min(1, 'validation.required');

export const workspaceIdParamsSchema = z.object({ id: resourceIdSchema });
export const workspaceMemberParamsSchema = z.object({ id: resourceIdSchema, userId: resourceIdSchema });
export const workspaceInvitationParamsSchema = z.object({
  id: resourceIdSchema,
  invitationId: resourceIdSchema,
});
export const workspaceCriteriaSetParamsSchema = z.object({ id: resourceIdSchema, setId: resourceIdSchema });

export const createWorkspaceRequestSchema = z.object({ name: workspaceNameSchema });
export const renameWorkspaceRequestSchema = z.object({ name: workspaceNameSchema });

export const createdWorkspaceSchema = z.object({
  id: z.number(),
  name: z.string(),
  role: workspaceRoleSchema,
});

export const workspaceListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  role: workspaceRoleSchema,
  /** Everyone, the owner included. */
  member_count: z.number(),
});

export const workspaceMemberSchema = z.object({
  user_id: z.number(),
  display_name: z.string(),
  avatar_url: z.string().nullable(),
  role: workspaceRoleSchema,
  joined_at: z.string(),
  /** Only for the owner and admins; absent for members, who never see others' addresses. */
  email: z.string().optional(),
});

export const workspaceInvitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: assignableWorkspaceRoleSchema,
  created_at: z.string(),
  expires_at: z.string(),
});

export const workspaceDetailsSchema = z.object({
  id: z.number(),
  name: z.string(),
  role: workspaceRoleSchema,
  member_count: z.number(),
  members: z.array(workspaceMemberSchema),
  /** Pending invitations: only for the owner and admins. */
  invitations: z.array(workspaceInvitationSchema).optional(),
});

export const inviteToWorkspaceRequestSchema = z.object({
  email: emailSchema,
  role: assignableWorkspaceRoleSchema.default('member'),
});
export const inviteToWorkspaceResponseSchema = z.object({ id: z.number(), invite_token: z.string() });

export const workspaceInvitationPreviewSchema = z.object({
  workspace_name: z.string(),
  role: assignableWorkspaceRoleSchema,
  /** The inviter by the display-name rule, and the invited address (registration starts with it). */
  inviter: z.string(),
  email: z.string(),
  expires_at: z.string(),
});

export const acceptWorkspaceInvitationRequestSchema = z.object({ invite_token: z.string().min(1).max(200) });
export const acceptWorkspaceInvitationResponseSchema = z.object({ workspace_id: z.number() });

export const changeWorkspaceRoleRequestSchema = z.object({ role: assignableWorkspaceRoleSchema });
export const transferWorkspaceRequestSchema = z.object({ user_id: resourceIdSchema });

/** One criterion of a shared set: what "Start from a template" copies into a decision. */
export const criteriaSetCriterionSchema = z
  .object({
    name: singleLineText(D.criterionNameMax).min(1, 'validation.required'),
    importance: z.coerce
      .number({ error: 'validation.number' })
      .min(D.importance.min, 'validation.importanceRange')
      .max(D.importance.max, 'validation.importanceRange')
      .default(0),
    minimum: criterionMinimumSchema,
    anchors: criterionAnchorsSchema,
  })
  .superRefine(refineCriterionInput);
export type CriteriaSetCriterion = z.infer<typeof criteriaSetCriterionSchema>;

export const criteriaSetRequestSchema = z.object({
  name: singleLineText(W.criteriaSetNameMax).min(1, 'validation.required'),
  criteria: z
    .array(criteriaSetCriterionSchema)
    .min(1, 'validation.criteriaSetEmpty')
    .max(D.maxCriteria, 'validation.tooMany'),
});

export const criteriaSetSchema = z.object({
  id: z.number(),
  name: z.string(),
  criteria: z.array(
    z.object({
      name: z.string(),
      importance: z.number(),
      minimum: z.number().nullable(),
      anchors: z.object({ low: z.string(), high: z.string() }).nullable(),
    }),
  ),
  created_at: z.string(),
  updated_at: z.string(),
});

/** What decisions carry in details and list items. */
export const decisionWorkspaceSchema = z.object({ id: z.number(), name: z.string() }).nullable();
