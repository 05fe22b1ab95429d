import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { resourceIdSchema } from './ids.ts';
import { multiLineText } from './text.ts';

const commentText = multiLineText(LIMITS.comment.max).min(1, 'validation.commentEmpty');

export const createCommentRequestSchema = z.object({
  decision_id: resourceIdSchema,
  text: commentText,
});
export const updateCommentRequestSchema = z.object({ text: commentText });

export const commentSchema = z.object({
  id: z.number(),
  decision_id: z.number(),
  user_id: z.number(),
  text: z.string(),
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
