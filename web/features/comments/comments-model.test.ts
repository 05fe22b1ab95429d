import { describe, expect, it } from 'vitest';
import {
  afterDeleting,
  cancelledEdit,
  commentsShown,
  commentToSave,
  composerKeyAction,
  composerLabelKey,
  detached,
  discussing,
  editing,
  emptyComposer,
  withoutVanishedEdit,
} from './comments-model.ts';

const cell = { option_id: 1, criterion_id: 10 };
const comment = (id: number, about: { option_id: number; criterion_id: number } | null = null) => ({
  id,
  text: `comment ${id}`,
  option_id: about?.option_id ?? null,
  criterion_id: about?.criterion_id ?? null,
});

describe('comment composer', () => {
  it('posts a new comment about the discussed cell, trimmed, keeping what was typed', () => {
    const typed = { ...emptyComposer, text: '  Too loud?  ' };
    const state = discussing(typed, cell);
    expect(state.text).toBe('  Too loud?  ');
    expect(commentToSave(state)).toEqual({ id: null, text: 'Too loud?', cell });
  });

  it('ignores a text that is blank after trimming', () => {
    expect(commentToSave({ ...emptyComposer, text: ' \n ' })).toBeNull();
  });

  it('edits a comment with its text and never moves it to a cell', () => {
    const state = editing(discussing(emptyComposer, cell), comment(7));
    expect(state).toEqual({ text: 'comment 7', editingId: 7, attachedCell: null });
    expect(commentToSave({ ...state, attachedCell: cell })).toEqual({ id: 7, text: 'comment 7', cell: null });
  });

  it('ends an edit on cancel, on deleting that comment, or when it vanished from the list', () => {
    const state = editing(emptyComposer, comment(7));
    expect(cancelledEdit(state)).toEqual(emptyComposer);
    expect(afterDeleting(state, 7)).toEqual(emptyComposer);
    expect(afterDeleting(state, 8)).toBe(state);
    expect(withoutVanishedEdit(state, [comment(8)])).toEqual(emptyComposer);
    // Unchanged states come back as they are, so a render may call it.
    expect(withoutVanishedEdit(state, [comment(7)])).toBe(state);
    expect(withoutVanishedEdit(state, undefined)).toBe(state);
  });

  it('detaches the cell and labels the field by what it will send', () => {
    const state = discussing(emptyComposer, cell);
    expect(composerLabelKey(state, 'Lisbon × Cost')).toBe('comments.cellLabel');
    expect(composerLabelKey(detached(state), null)).toBe('comments.newLabel');
    expect(composerLabelKey(editing(state, comment(3)), 'Lisbon × Cost')).toBe('comments.editLabel');
  });

  it('sends on Ctrl or Cmd+Enter and leaves an edit on Escape', () => {
    expect(composerKeyAction({ key: 'Enter', ctrlKey: true, metaKey: false }, false)).toBe('submit');
    expect(composerKeyAction({ key: 'Enter', ctrlKey: false, metaKey: true }, true)).toBe('submit');
    expect(composerKeyAction({ key: 'Enter', ctrlKey: false, metaKey: false }, false)).toBeNull();
    expect(composerKeyAction({ key: 'Escape', ctrlKey: false, metaKey: false }, true)).toBe('cancel');
    expect(composerKeyAction({ key: 'Escape', ctrlKey: false, metaKey: false }, false)).toBeNull();
  });
});

describe('comments shown', () => {
  it('lists all comments, or only those about the cell shown', () => {
    const comments = [comment(1), comment(2, cell), comment(3, { option_id: 1, criterion_id: 11 })];
    expect(commentsShown(comments, null).map((entry) => entry.id)).toEqual([1, 2, 3]);
    expect(commentsShown(comments, cell).map((entry) => entry.id)).toEqual([2]);
  });
});
