import { displayNameOfAccount } from '../../../shared/display-name.ts';
import type { Comment } from '../../../shared/api/comments.ts';
import { toIsoString } from '../../db/values.ts';
import type { Relation } from '../decisions/policy.ts';
import { avatarUrl } from '../users/presenter.ts';
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
    created_at: toIsoString(row.created_at),
    updated_at: toIsoString(row.updated_at),
    nickname: row.nickname,
    display_name: displayNameOfAccount(row),
    avatar_url: avatarUrl(row.avatar_id),
    can_edit: canOnComment('edit', actor, row),
    can_delete: canOnComment('delete', actor, row),
  };
}
