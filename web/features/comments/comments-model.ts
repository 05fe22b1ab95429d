import type { Comment } from '../../../shared/api/comments.ts';
import { cellOfComment, isSameCell, type CommentCell } from './comment-cells.ts';

/**
 * The comment composer: the text typed, the comment being edited (null: a new one) and the cell a new
 * comment will be about ("Discuss"). Each user action is a pure step from one state to the next.
 */
export interface ComposerState {
  text: string;
  editingId: number | null;
  attachedCell: CommentCell | null;
}

export const emptyComposer: ComposerState = { text: '', editingId: null, attachedCell: null };

/** "Discuss" on a cell: a new comment about it; the text typed so far stays. */
export function discussing(state: ComposerState, cell: CommentCell): ComposerState {
  return { ...state, editingId: null, attachedCell: cell };
}

export function editing(state: ComposerState, comment: Pick<Comment, 'id' | 'text'>): ComposerState {
  return { ...state, attachedCell: null, editingId: comment.id, text: comment.text };
}

/** Cancel (or Escape) leaves the edit with an empty field; an attached cell stays. */
export function cancelledEdit(state: ComposerState): ComposerState {
  return { ...state, editingId: null, text: '' };
}

export function detached(state: ComposerState): ComposerState {
  return { ...state, attachedCell: null };
}

/** After a delete: deleting the comment being edited ends the edit. */
export function afterDeleting(state: ComposerState, deletedId: number): ComposerState {
  return deletedId === state.editingId ? cancelledEdit(state) : state;
}

/**
 * Someone else deleted the comment being edited (the list updates live): the edit ends. The same
 * state comes back when nothing changes, so a render can call this safely.
 */
export function withoutVanishedEdit(
  state: ComposerState,
  comments: readonly Pick<Comment, 'id'>[] | undefined,
): ComposerState {
  if (state.editingId === null || !comments || comments.some((comment) => comment.id === state.editingId))
    return state;
  return cancelledEdit(state);
}

/**
 * What "Post"/"Save" sends: a new comment about the attached cell, or the edited text alone; null
 * for a text that is blank after trimming (SPEC.md section 5: ignored).
 */
export function commentToSave(
  state: ComposerState,
): { id: number | null; text: string; cell: CommentCell | null } | null {
  const text = state.text.trim();
  if (!text) return null;
  return { id: state.editingId, text, cell: state.editingId === null ? state.attachedCell : null };
}

/** Ctrl/Cmd+Enter sends; Escape leaves an edit. */
export function composerKeyAction(
  key: { key: string; ctrlKey: boolean; metaKey: boolean },
  isEditing: boolean,
): 'submit' | 'cancel' | null {
  if (key.key === 'Enter' && (key.ctrlKey || key.metaKey)) return 'submit';
  if (key.key === 'Escape' && isEditing) return 'cancel';
  return null;
}

/** The composer's label: editing, a new comment about a named cell, or a new comment. */
export function composerLabelKey(
  state: ComposerState,
  attachedName: string | null,
): 'comments.editLabel' | 'comments.cellLabel' | 'comments.newLabel' {
  if (state.editingId !== null) return 'comments.editLabel';
  return attachedName ? 'comments.cellLabel' : 'comments.newLabel';
}

/** The comments listed: all of them, or only those about the cell shown. */
export function commentsShown<T extends Pick<Comment, 'option_id' | 'criterion_id'>>(
  comments: readonly T[],
  shownCell: CommentCell | null,
): readonly T[] {
  return shownCell ? comments.filter((comment) => isSameCell(cellOfComment(comment), shownCell)) : comments;
}
