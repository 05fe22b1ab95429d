import { cellKey } from '../../lib/matrix-model.ts';

/**
 * How far the caller's vote is (issue 25): a voter counts as having voted only with a value in every
 * cell, so the vote page names the empty cells of a started vote. `started` is false while no cell has
 * a value (nothing to warn about yet); `emptyKeys` are the cells' `cellKey(option key, criterion key)`.
 */
export interface VoteCompleteness {
  started: boolean;
  emptyKeys: Set<string>;
}

export function voteCompletenessOf(
  options: readonly { key: string }[],
  criteria: readonly { key: string }[],
  votes: Readonly<Record<string, string>>,
): VoteCompleteness {
  const emptyKeys = new Set<string>();
  let started = false;
  for (const option of options) {
    for (const criterion of criteria) {
      const key = cellKey(option.key, criterion.key);
      if ((votes[key] ?? '').trim() === '') emptyKeys.add(key);
      else started = true;
    }
  }
  return { started, emptyKeys };
}

/** A started vote with empty cells: the page says it does not count yet and marks those cells. */
export function isPartialVote(completeness: VoteCompleteness): boolean {
  return completeness.started && completeness.emptyKeys.size > 0;
}
