import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { partIdSchema, resourceIdSchema } from './ids.ts';
import { multiLineText } from './text.ts';

const commentText = multiLineText(LIMITS.comment.max).min(1, 'validation.commentEmpty');

/**
 * POST /api/comments. A comment may be about one cell of the matrix: `option_id` and `criterion_id`
 * together (both of the decision; checked by the server), or neither for the decision as a whole.
 */
export const createCommentRequestSchema = z
  .object({
    decision_id: resourceIdSchema,
    text: commentText,
    option_id: partIdSchema.nullish(),
    criterion_id: partIdSchema.nullish(),
  })
  .superRefine((comment, ctx) => {
    const hasOption = comment.option_id != null;
    if (hasOption === (comment.criterion_id != null)) return;
    // The field that is missing is the one to name.
    ctx.addIssue({
      code: 'custom',
      message: 'validation.cellBoth',
      path: [hasOption ? 'criterion_id' : 'option_id'],
    });
  });
export const updateCommentRequestSchema = z.object({ text: commentText });

export const commentSchema = z.object({
  id: z.number(),
  decision_id: z.number(),
  /** null for a deleted account's comment (issue 28): its author is shown as a former member. */
  user_id: z.number().nullable(),
  text: z.string(),
  /** The cell the comment is about (both set), or null for a comment on the decision as a whole. */
  option_id: z.number().nullable(),
  criterion_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The author's nickname (SPEC.md shows it as @nickname). */
  nickname: z.string().nullable(),
  /** shared/display-name.ts applied to the author; null only for a deleted account. */
  display_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
});

export type Comment = z.infer<typeof commentSchema>;
