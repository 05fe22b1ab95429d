import type { Relation } from '../decisions/index.ts';

export type CommentAction = 'edit' | 'delete';

/** Authors edit and delete their own comments; the decision's owner may delete any comment on it. */
export function canOnComment(
  action: CommentAction,
  actor: { userId: number; relationToDecision: Relation },
  comment: { user_id: number },
): boolean {
  const isAuthor = comment.user_id === actor.userId;
  if (action === 'edit') return isAuthor;
  return isAuthor || actor.relationToDecision === 'owner';
}
