import { describe, expect, it } from 'vitest';
import type { Comment } from '../../../shared/api/comments.ts';
import { cellNamer, cellOfComment, commentCountsByCell, isSameCell } from './comment-cells.ts';

const comment = (option_id: number | null, criterion_id: number | null) =>
  ({ option_id, criterion_id }) as Comment;

describe('comment cells', () => {
  it('counts comments per cell and leaves comments on the decision out', () => {
    const counts = commentCountsByCell([comment(1, 10), comment(1, 10), comment(2, 10), comment(null, null)]);
    expect([...counts]).toEqual([
      ['1:10', 2],
      ['2:10', 1],
    ]);
  });

  it('a comment is about a cell only with both ids', () => {
    expect(cellOfComment(comment(1, 10))).toEqual({ option_id: 1, criterion_id: 10 });
    expect(cellOfComment(comment(1, null))).toBeNull();
    expect(isSameCell({ option_id: 1, criterion_id: 10 }, { option_id: 1, criterion_id: 10 })).toBe(true);
    expect(isSameCell({ option_id: 1, criterion_id: 10 }, null)).toBe(false);
  });

  it('names a cell by its option and criterion, null once either is gone', () => {
    const name = cellNamer(
      { options: [{ id: 1, name: 'Option A' }], criteria: [{ id: 10, name: 'Price' }] },
      ({ option, criterion }) => `${option} × ${criterion}`,
    );
    expect(name({ option_id: 1, criterion_id: 10 })).toBe('Option A × Price');
    expect(name({ option_id: 2, criterion_id: 10 })).toBeNull();
  });
});
