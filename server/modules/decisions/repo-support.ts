import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A query runs on the pool or inside the caller's transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** Ids per `IN (…)` list: far below the bind-parameter limits of SQLite (32,766) and PostgreSQL (65,535). */
const IDS_PER_QUERY = 1000;

/**
 * Rows per multi-row INSERT: 500 rows of at most a dozen columns stay far below both engines'
 * bind-parameter limits, whatever the matrix (50 × 30 = 1,500 cells at most).
 */
export const ROWS_PER_INSERT = 500;

/**
 * Options per OR in a cell filter: SQLite parses `a OR b OR …` into a tree one level deeper per term
 * and refuses beyond 1,000 levels ("Expression tree is too large"), so a filter never chains more.
 */
const OPTIONS_PER_CELL_FILTER = 100;

/** `items` cut into consecutive slices of at most `size`. */
export function slicesOf<T>(items: readonly T[], size: number): T[][] {
  const slices: T[][] = [];
  for (let start = 0; start < items.length; start += size) slices.push(items.slice(start, start + size));
  return slices;
}

/** Runs `query` per slice of `ids` and concatenates the rows (one query for up to IDS_PER_QUERY ids). */
export async function inSlices<T>(
  ids: readonly number[],
  query: (slice: number[]) => Promise<T[]>,
): Promise<T[]> {
  const rows: T[] = [];
  for (const slice of slicesOf(ids, IDS_PER_QUERY)) rows.push(...(await query(slice)));
  return rows;
}

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
