/**
 * Statements that grow with the data are cut into slices both engines accept: SQLite binds at most
 * 32,766 parameters, PostgreSQL 65,535 (docs/ARCHITECTURE.md, "Statements sized for both engines").
 */

/** Ids per `IN (…)` list. */
export const IDS_PER_QUERY = 1000;

/** Rows per multi-row INSERT: 500 rows of at most a dozen columns stay far below both limits. */
export const ROWS_PER_INSERT = 500;

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
