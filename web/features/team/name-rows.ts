/** One editable option or criterion row; `key` stays stable while names change. */
export interface NameRow {
  key: string;
  /** The stored id, absent for a row added in this form. */
  id?: number;
  name: string;
  /** Criteria only: the fallback weight in percent (0–100) used until members weight. */
  importance?: number;
}

let rowCounter = 0;

export function newRow(fields: Partial<NameRow> = {}): NameRow {
  rowCounter += 1;
  return { key: `row-${rowCounter}`, name: '', ...fields };
}

/**
 * Positions of names that repeat an earlier one, compared trimmed and case-insensitive: the rule of
 * `findDuplicateNames` in shared/api/decisions.ts, repeated here so these pages do not load zod.
 */
export function duplicateRowIndexes(rows: readonly NameRow[]): Set<number> {
  const seen = new Set<string>();
  const duplicates = new Set<number>();
  rows.forEach((row, index) => {
    const key = row.name.trim().toLocaleLowerCase();
    if (!key) return;
    if (seen.has(key)) duplicates.add(index);
    seen.add(key);
  });
  return duplicates;
}

/** Rows that are saved: blank and duplicate names are left out (SPEC.md section 5). */
export function savableRows(rows: readonly NameRow[]): NameRow[] {
  const duplicates = duplicateRowIndexes(rows);
  return rows
    .map((row) => ({ ...row, name: row.name.trim() }))
    .filter((row, index) => row.name !== '' && !duplicates.has(index));
}

/** Typed percentages are clamped into 0..100 and rounded to whole numbers; empty gives null. */
export function clampPercent(raw: string): number | null {
  if (raw.trim() === '') return null;
  const value = Number(raw);
  if (!Number.isFinite(value)) return null;
  return Math.min(100, Math.max(0, Math.round(value)));
}
