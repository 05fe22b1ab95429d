import { displayNameOfAccount } from '../../../shared/display-name.ts';
import { AppError } from '../../app-error.ts';
import type { Emit } from '../../events/domain-events.ts';
import { authorize } from '../decisions/policy.ts';
import type { DecisionAccess } from '../decisions/access.ts';
import type { DecisionsService } from '../decisions/service.ts';
import { canOnComment, type CommentAction } from './policy.ts';
import type { CommentsRepo, CommentWithAuthor } from './repo.ts';

export function createCommentsService(deps: {
  comments: CommentsRepo;
  decisionsService: DecisionsService;
  emit: Emit;
}) {
  const { comments, decisionsService, emit } = deps;

  /** Loads a comment for an action: 404 when it or its decision is invisible, 403 without the right. */
  async function loadForAction(commentId: number, userId: number, action: CommentAction) {
    const comment = await comments.findById(commentId);
    if (!comment) throw new AppError('NOT_FOUND');
    const access = await decisionsService.loadAccess(comment.decision_id, userId);
    authorize(access.relation, 'view', access.state);
    if (!canOnComment(action, { userId, relationToDecision: access.relation }, comment)) {
      throw new AppError('FORBIDDEN');
    }
    return { comment, access };
  }

  return {
    list(access: DecisionAccess): Promise<CommentWithAuthor[]> {
      return comments.listForDecision(access.decision.id);
    },

    /** Adds the comment and tells everyone else following the decision. */
    async add(access: DecisionAccess, text: string): Promise<CommentWithAuthor> {
      // Under the decision's lock: a decision deleted a moment ago is a 404, not a foreign-key error.
      const id = await decisionsService.writeLocked(access.decision.id, access.userId, 'comment', (_, trx) =>
        comments.insert(access.decision.id, access.userId, text, trx),
      );
      const comment = await comments.findWithAuthor(id);
      if (!comment) throw new AppError('NOT_FOUND');
      await emit({
        type: 'comment.added',
        decision: access.decision,
        authorId: access.userId,
        authorName: displayNameOfAccount(comment),
      });
      return comment;
    },

    async edit(commentId: number, userId: number, text: string) {
      const { access } = await loadForAction(commentId, userId, 'edit');
      await comments.updateText(commentId, text);
      // Gone if its decision was deleted meanwhile.
      const comment = await comments.findWithAuthor(commentId);
      if (!comment) throw new AppError('NOT_FOUND');
      await emit({ type: 'comments.changed', decision: access.decision });
      return { comment, access };
    },

    async remove(commentId: number, userId: number): Promise<void> {
      const { access } = await loadForAction(commentId, userId, 'delete');
      await comments.delete(commentId);
      await emit({ type: 'comments.changed', decision: access.decision });
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
