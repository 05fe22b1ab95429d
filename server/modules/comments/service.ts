import { displayNameOfAccount } from '../../../shared/display-name.ts';
import { AppError } from '../../app-error.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { CommentRef, Emit } from '../../events/domain-events.ts';
import { authorize, type DecisionAccess, type DecisionsService } from '../decisions/index.ts';
import { canOnComment, type CommentAction } from './policy.ts';
import type { CommentRow, CommentsRepo, CommentWithAuthor } from './repo.ts';

/** A new comment: its text, and the cell it is about when both ids are given (the schema pairs them). */
export interface NewComment {
  text: string;
  option_id?: number | null | undefined;
  criterion_id?: number | null | undefined;
}

function cellOf(input: NewComment): { option_id: number; criterion_id: number } | null {
  return input.option_id != null && input.criterion_id != null
    ? { option_id: input.option_id, criterion_id: input.criterion_id }
    : null;
}

function refOf(comment: Pick<CommentRow, 'id' | 'option_id' | 'criterion_id'>): CommentRef {
  return { id: comment.id, option_id: comment.option_id, criterion_id: comment.criterion_id };
}

export function createCommentsService(deps: {
  comments: CommentsRepo;
  decisionsService: DecisionsService;
  emit: Emit;
  /**
   * Issue 32: told of a new comment inside the transaction that stores it (the webhooks outbox), so
   * its deliveries commit or roll back with it.
   */
  onCommentStored: (
    trx: Transaction<Database>,
    comment: {
      id: number;
      decisionId: number;
      authorId: number;
      text: string;
      optionId: number | null;
      criterionId: number | null;
    },
  ) => Promise<void>;
}) {
  const { comments, decisionsService, emit, onCommentStored } = deps;

  async function assertCellOfDecision(
    decisionId: number,
    cell: { option_id: number; criterion_id: number },
    trx: Transaction<Database>,
  ): Promise<void> {
    const found = await comments.cellOf(decisionId, cell, trx);
    const fields: Record<string, string> = {};
    if (!found.hasOption) fields.option_id = 'validation.unknownOption';
    if (!found.hasCriterion) fields.criterion_id = 'validation.unknownCriterion';
    if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', fields);
  }

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

    /**
     * Adds the comment, about the decision or one cell of it, and tells everyone else following the
     * decision. A cell whose option or criterion is not the decision's (or no longer is) is refused with
     * 400 naming the field, and nothing is stored.
     */
    async add(access: DecisionAccess, input: NewComment): Promise<CommentWithAuthor> {
      const cell = cellOf(input);
      // Under the decision's lock: a decision deleted a moment ago is a 404, not a foreign-key error,
      // and an option removed a moment ago is refused, not stored.
      const id = await decisionsService.writeLocked(
        access.decision.id,
        access.userId,
        'comment',
        async (_, trx) => {
          if (cell) await assertCellOfDecision(access.decision.id, cell, trx);
          const stored = await comments.insert(
            {
              decision_id: access.decision.id,
              user_id: access.userId,
              text: input.text,
              option_id: cell?.option_id ?? null,
              criterion_id: cell?.criterion_id ?? null,
            },
            trx,
          );
          await onCommentStored(trx, {
            id: stored,
            decisionId: access.decision.id,
            authorId: access.userId,
            text: input.text,
            optionId: cell?.option_id ?? null,
            criterionId: cell?.criterion_id ?? null,
          });
          return stored;
        },
      );
      const comment = await comments.findWithAuthor(id);
      if (!comment) throw new AppError('NOT_FOUND');
      await emit({
        type: 'comment.added',
        decision: access.decision,
        comment: refOf(comment),
        authorId: access.userId,
        authorName: displayNameOfAccount(comment),
      });
      return comment;
    },

    async edit(commentId: number, userId: number, text: string) {
      const { access } = await loadForAction(commentId, userId, 'edit');
      // Only the text changes: a comment about a cell stays about it.
      await comments.updateText(commentId, text);
      // Gone if its decision was deleted meanwhile.
      const comment = await comments.findWithAuthor(commentId);
      if (!comment) throw new AppError('NOT_FOUND');
      await emit({ type: 'comments.changed', decision: access.decision, comment: refOf(comment) });
      return { comment, access };
    },

    async remove(commentId: number, userId: number): Promise<void> {
      const { access, comment } = await loadForAction(commentId, userId, 'delete');
      await comments.delete(commentId);
      await emit({ type: 'comments.changed', decision: access.decision, comment: refOf(comment) });
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
