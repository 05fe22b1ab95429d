import { displayNameOfAccount } from '../../../shared/display-name.ts';
import type { Comment } from '../../../shared/api/comments.ts';
import { toIsoString } from '../../db/values.ts';
import type { Relation } from '../decisions/index.ts';
import { avatarUrl } from '../users/index.ts';
import { canOnComment } from './policy.ts';
import type { CommentWithAuthor } from './repo.ts';

export function presentComment(
  row: CommentWithAuthor,
  actor: { userId: number; relationToDecision: Relation },
): Comment {
  return {
    id: row.id,
    decision_id: row.decision_id,
    user_id: row.user_id,
    text: row.text,
    // Both or neither: a comment whose option or criterion was removed is about the decision again.
    ...cellOfComment(row),
    created_at: toIsoString(row.created_at),
    updated_at: toIsoString(row.updated_at),
    nickname: row.nickname,
    display_name: displayNameOfAccount(row),
    avatar_url: avatarUrl(row.avatar_id),
    can_edit: canOnComment('edit', actor, row),
    can_delete: canOnComment('delete', actor, row),
  };
}

function cellOfComment(row: Pick<CommentWithAuthor, 'option_id' | 'criterion_id'>) {
  return row.option_id !== null && row.criterion_id !== null
    ? { option_id: row.option_id, criterion_id: row.criterion_id }
    : { option_id: null, criterion_id: null };
}
