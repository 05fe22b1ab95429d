import { describe, expect, it } from 'vitest';
import * as composer from './comments-model.ts';

const cell = { option_id: 1, criterion_id: 10 };
const comment = (id: number, about: { option_id: number; criterion_id: number } | null = null) => ({
  id,
  text: `comment ${id}`,
  option_id: about?.option_id ?? null,
  criterion_id: about?.criterion_id ?? null,
});

describe('comment composer', () => {
  it('posts a new comment about the discussed cell, trimmed, keeping what was typed', () => {
    const typed = { ...composer.emptyComposer, text: '  Too loud?  ' };
    const state = composer.discussing(typed, cell);
    expect(state.text).toBe('  Too loud?  ');
    expect(composer.commentToSave(state)).toEqual({ id: null, text: 'Too loud?', cell });
  });

  it('ignores a text that is blank after trimming', () => {
    expect(composer.commentToSave({ ...composer.emptyComposer, text: ' \n ' })).toBeNull();
  });

  it('edits a comment with its text and never moves it to a cell', () => {
    const state = composer.editing(composer.discussing(composer.emptyComposer, cell), comment(7));
    expect(state).toEqual({ text: 'comment 7', editingId: 7, attachedCell: null });
    expect(composer.commentToSave({ ...state, attachedCell: cell })).toEqual({
      id: 7,
      text: 'comment 7',
      cell: null,
    });
  });

  it('ends an edit on cancel, on deleting that comment, or when it vanished from the list', () => {
    const state = composer.editing(composer.emptyComposer, comment(7));
    expect(composer.cancelledEdit(state)).toEqual(composer.emptyComposer);
    expect(composer.afterDeleting(state, 7)).toEqual(composer.emptyComposer);
    expect(composer.afterDeleting(state, 8)).toBe(state);
    expect(composer.withoutVanishedEdit(state, [comment(8)])).toEqual(composer.emptyComposer);
    // Unchanged states come back as they are, so a render may call it.
    expect(composer.withoutVanishedEdit(state, [comment(7)])).toBe(state);
    expect(composer.withoutVanishedEdit(state, undefined)).toBe(state);
  });

  it('detaches the cell and labels the field by what it will send', () => {
    const state = composer.discussing(composer.emptyComposer, cell);
    expect(composer.composerLabelKey(state, 'Lisbon × Cost')).toBe('comments.cellLabel');
    expect(composer.composerLabelKey(composer.detached(state), null)).toBe('comments.newLabel');
    expect(composer.composerLabelKey(composer.editing(state, comment(3)), 'Lisbon × Cost')).toBe(
      'comments.editLabel',
    );
  });

  it('sends on Ctrl or Cmd+Enter and leaves an edit on Escape', () => {
    expect(composer.composerKeyAction({ key: 'Enter', ctrlKey: true, metaKey: false }, false)).toBe('submit');
    expect(composer.composerKeyAction({ key: 'Enter', ctrlKey: false, metaKey: true }, true)).toBe('submit');
    expect(composer.composerKeyAction({ key: 'Enter', ctrlKey: false, metaKey: false }, false)).toBeNull();
    expect(composer.composerKeyAction({ key: 'Escape', ctrlKey: false, metaKey: false }, true)).toBe(
      'cancel',
    );
    expect(composer.composerKeyAction({ key: 'Escape', ctrlKey: false, metaKey: false }, false)).toBeNull();
  });
});

describe('comments shown', () => {
  it('lists all comments, or only those about the cell shown', () => {
    const comments = [comment(1), comment(2, cell), comment(3, { option_id: 1, criterion_id: 11 })];
    expect(composer.commentsShown(comments, null).map((entry) => entry.id)).toEqual([1, 2, 3]);
    expect(composer.commentsShown(comments, cell).map((entry) => entry.id)).toEqual([2]);
  });
});
