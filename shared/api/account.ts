import { z } from 'zod';

// Issue 28: deleting one's account and taking one's data. Messages are i18n keys under `validation.*`.

/**
 * `DELETE /api/users/me`: the current password, and the second factor's code (or a recovery code)
 * when one is on; the server answers 400 naming `code` when it is needed and missing.
 */
export const deleteAccountRequestSchema = z.object({
  password: z
    .string({
      error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidType'),
    })
    .min(1, 'validation.required')
    .max(1024, 'validation.tooLong'),
  code: z.string().trim().max(64, 'validation.tooLong').optional(),
});

const decisionNameSchema = z.object({ id: z.number(), name: z.string() });

/** `GET /api/users/me/deletion-preview`: what deleting the account would do, shown before it is asked. */
export const deletionPreviewSchema = z.object({
  /** Personal decisions (private and public): all deleted. */
  personal_decisions_deleted: z.number(),
  /** Team decisions the user owns that pass to the admin who joined first, else the editor who did. */
  team_decisions_transferred: z.array(
    decisionNameSchema.extend({
      heir: z.object({ display_name: z.string(), role: z.enum(['admin', 'editor']) }),
    }),
  ),
  /** Team decisions the user owns with nobody to take them over (no admin or editor): deleted. */
  team_decisions_deleted: z.array(decisionNameSchema),
  /** Team decisions the user is a member of, still open: their votes and weights are removed. */
  memberships_open: z.number(),
  /** Closed or decided: the votes stay, shown as a former member. */
  memberships_closed: z.number(),
  /** The request must carry `code` (a second factor is on). */
  second_factor_required: z.boolean(),
  /**
   * Issue 29: owned workspaces that pass to the admin who joined first, else the member who did (who
   * becomes owner); by name and role, never by address.
   */
  workspaces_transferred: z.array(
    decisionNameSchema.extend({
      heir: z.object({ display_name: z.string(), role: z.enum(['admin', 'member']) }),
    }),
  ),
  /** Owned workspaces with no other member: deleted; their decisions stay, in no workspace. */
  workspaces_deleted: z.array(decisionNameSchema),
  /** Workspaces of others the account leaves (as leaving: votes in open decisions go, closed stay). */
  workspaces_left: z.array(decisionNameSchema),
});

export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;
export type DeletionPreview = z.infer<typeof deletionPreviewSchema>;
