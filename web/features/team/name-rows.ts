import { duplicateIndexes, newRowKey } from '../../lib/matrix-model.ts';

/** One editable option or criterion row of the team forms; `key` stays stable while names change. */
export interface NameRow {
  key: string;
  /** The stored id, absent for a row added in this form. */
  id?: number;
  name: string;
  /** Criteria only: the fallback weight in percent (0–100) used until members weight. */
  importance?: number;
  /** The name the AI suggested, for a row added from a suggestion (marked until renamed). */
  suggestedName?: string;
}

export function newRow(fields: Partial<Omit<NameRow, 'key'>> = {}): NameRow {
  return { key: newRowKey(), name: '', ...fields };
}

/** Positions of rows whose name repeats an earlier one (the rule of `duplicateIndexes`). */
export function duplicateRows(rows: readonly Pick<NameRow, 'name'>[]): Set<number> {
  return duplicateIndexes(rows.map((row) => row.name));
}

/** Rows that are saved: blank and duplicate names are left out (SPEC.md section 5). */
export function savableRows(rows: readonly NameRow[]): NameRow[] {
  const duplicates = duplicateRows(rows);
  return rows
    .map((row) => ({ ...row, name: row.name.trim() }))
    .filter((row, index) => row.name !== '' && !duplicates.has(index));
}
