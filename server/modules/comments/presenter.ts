import { displayNameOfAccount, FORMER_MEMBER_NAME_KEY } from '../../../shared/display-name.ts';
import type { Language } from '../../../shared/limits.ts';
import type { Comment } from '../../../shared/api/comments.ts';
import { toIsoString } from '../../db/values.ts';
import { translate } from '../../i18n.ts';
import type { Relation } from '../decisions/index.ts';
import { avatarUrl } from '../users/index.ts';
import { canOnComment } from './policy.ts';
import type { CommentWithAuthor } from './repo.ts';

/** The comment's author as readers see them: a deleted account is a nameless former member (issue 28). */
function authorOf(row: CommentWithAuthor, language: Language) {
  if (row.author_deleted_at !== null)
    return {
      user_id: null,
      nickname: null,
      display_name: translate(language, FORMER_MEMBER_NAME_KEY),
      avatar_url: null,
    };
  return {
    user_id: row.user_id,
    nickname: row.nickname,
    display_name: displayNameOfAccount(row),
    avatar_url: avatarUrl(row.avatar_id),
  };
}

export function presentComment(
  row: CommentWithAuthor,
  actor: { userId: number; relationToDecision: Relation },
  language: Language,
): Comment {
  return {
    id: row.id,
    decision_id: row.decision_id,
    text: row.text,
    // Both or neither: a comment whose option or criterion was removed is about the decision again.
    ...cellOfComment(row),
    created_at: toIsoString(row.created_at),
    updated_at: toIsoString(row.updated_at),
    ...authorOf(row, language),
    can_edit: canOnComment('edit', actor, row),
    can_delete: canOnComment('delete', actor, row),
  };
}

function cellOfComment(row: Pick<CommentWithAuthor, 'option_id' | 'criterion_id'>) {
  return row.option_id !== null && row.criterion_id !== null
    ? { option_id: row.option_id, criterion_id: row.criterion_id }
    : { option_id: null, criterion_id: null };
}
