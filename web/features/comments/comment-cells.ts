import type { Comment } from '../../../shared/api/comments.ts';

/** One cell of the matrix a comment can be about. */
export interface CommentCell {
  option_id: number;
  criterion_id: number;
}

export function commentCellKey(cell: CommentCell): string {
  return `${cell.option_id}:${cell.criterion_id}`;
}

/** The cell a comment is about, or null for a comment on the decision as a whole. */
export function cellOfComment(comment: Pick<Comment, 'option_id' | 'criterion_id'>): CommentCell | null {
  return comment.option_id !== null && comment.criterion_id !== null
    ? { option_id: comment.option_id, criterion_id: comment.criterion_id }
    : null;
}

export function isSameCell(a: CommentCell | null, b: CommentCell | null): boolean {
  return a !== null && b !== null && a.option_id === b.option_id && a.criterion_id === b.criterion_id;
}

/** How many comments each cell has, keyed by `commentCellKey`. */
export function commentCountsByCell(comments: readonly Comment[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const comment of comments) {
    const cell = cellOfComment(comment);
    if (cell) counts.set(commentCellKey(cell), (counts.get(commentCellKey(cell)) ?? 0) + 1);
  }
  return counts;
}

/** "Lisbon × Cost" from the decision's lists; null when the cell is not (or no longer) in them. */
export function cellNamer(
  lists: {
    options: readonly { id: number; name: string }[];
    criteria: readonly { id: number; name: string }[];
  },
  format: (names: { option: string; criterion: string }) => string,
): (cell: CommentCell) => string | null {
  const options = new Map(lists.options.map((option) => [option.id, option.name]));
  const criteria = new Map(lists.criteria.map((criterion) => [criterion.id, criterion.name]));
  return (cell) => {
    const option = options.get(cell.option_id);
    const criterion = criteria.get(cell.criterion_id);
    return option === undefined || criterion === undefined ? null : format({ option, criterion });
  };
}
