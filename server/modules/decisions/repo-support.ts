import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { slicesOf } from '../../db/statement-slices.ts';

/** A query runs on the pool or inside the caller's transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Options per OR in a cell filter: SQLite parses `a OR b OR …` into a tree one level deeper per term
 * and refuses beyond 1,000 levels ("Expression tree is too large"), so a filter never chains more.
 */
const OPTIONS_PER_CELL_FILTER = 100;

/**
 * Cells grouped by option, in slices for `(option_id = ? AND criterion_id IN (…)) OR …` filters:
 * one term per option instead of one per cell keeps the expression shallow on SQLite and the
 * parameters few on both engines.
 */
export function cellFilterSlices(
  cells: readonly { option_id: number; criterion_id: number }[],
): { optionId: number; criterionIds: number[] }[][] {
  const criteriaByOption = new Map<number, number[]>();
  for (const cell of cells) {
    const criterionIds = criteriaByOption.get(cell.option_id);
    if (criterionIds) criterionIds.push(cell.criterion_id);
    else criteriaByOption.set(cell.option_id, [cell.criterion_id]);
  }
  const groups = [...criteriaByOption].map(([optionId, criterionIds]) => ({ optionId, criterionIds }));
  return slicesOf(groups, OPTIONS_PER_CELL_FILTER);
}
