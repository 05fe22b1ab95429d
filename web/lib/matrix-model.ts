import { findDuplicateNames, nameKey } from '../../shared/names.ts';
import { knockoutsOf, valuesOfCells } from '../../shared/scoring/analysis.ts';
import { computePersonalTotals, rankOptions, type RankedOption } from '../../shared/scoring/personal.ts';

/**
 * The one row and cell model of every grid and list editor: stable row keys while names change,
 * one cell-key format, one parser for typed cell values, one live ranking and one duplicate-name rule.
 * Kept free of zod and React so that light pages can use it.
 */

let rowCounter = 0;

/** A key that stays with a row while it is renamed, moved or not yet saved. */
export function newRowKey(): string {
  rowCounter += 1;
  return `row-${rowCounter}`;
}

/** Values restored from an earlier page load carry their row keys: new rows must not reuse them. */
export function reserveRowKeysIn(values: unknown): void {
  for (const match of JSON.stringify(values ?? null).matchAll(/row-(\d+)/g)) {
    rowCounter = Math.max(rowCounter, Number(match[1]));
  }
}

/** The key of the cell where an option row meets a criterion row (both row keys). */
export function cellKey(optionKey: string | number, criterionKey: string | number): string {
  return `${optionKey}|${criterionKey}`;
}

export interface Scale {
  min: number;
  max: number;
}

export type ParsedCell =
  /** Nothing typed: not scored, not sent. */
  | { kind: 'empty' }
  /** A whole number on the scale. */
  | { kind: 'value'; value: number }
  /** Anything else: a typing error to flag, never sent. */
  | { kind: 'invalid' };

/** Reads a typed cell on the given scale (whole numbers only). */
export function parseCellValue(raw: string | undefined | null, scale: Scale): ParsedCell {
  const text = (raw ?? '').trim();
  if (text === '') return { kind: 'empty' };
  if (!/^\d+$/.test(text)) return { kind: 'invalid' };
  const value = Number(text);
  return value >= scale.min && value <= scale.max ? { kind: 'value', value } : { kind: 'invalid' };
}

/** The cell's value, or null when it is empty or invalid. */
export function cellValueOf(raw: string | undefined | null, scale: Scale): number | null {
  const parsed = parseCellValue(raw, scale);
  return parsed.kind === 'value' ? parsed.value : null;
}

export function isInvalidCell(raw: string | undefined | null, scale: Scale): boolean {
  return parseCellValue(raw, scale).kind === 'invalid';
}

/** Why a typed cell cannot be kept: a decimal ("7.5", "7,5") or a number off the scale; null when it can. */
export type CellProblem = 'notWhole' | 'offScale';

export function cellProblemOf(raw: string | undefined | null, scale: Scale): CellProblem | null {
  if (!isInvalidCell(raw, scale)) return null;
  return /[.,]/.test(raw ?? '') ? 'notWhole' : 'offScale';
}

/**
 * The live ranking of a score grid, rows and columns identified by position: each row's
 * Σ value × importance / Σ importance over its cells (an empty cell counts 0), best first. A row
 * with an invalid cell (off the scale, e.g. 0 or 11 on 1–10) has no total (null, listed last) until
 * the cell is corrected: a total never computes with a value that cannot be saved. A row below a
 * column's must-have `minimums` (or without a value there) is knocked out: ranked after the others,
 * never top, by the server's rule.
 */
export function rankScoreGrid(
  rowCount: number,
  importances: readonly number[],
  textAt: (row: number, column: number) => string | number | undefined,
  scale: Scale,
  minimums: readonly (number | null | undefined)[] = [],
): RankedOption[] {
  const rows = Array.from({ length: rowCount }, (_, row) => ({ id: row }));
  const columns = importances.map((importance, column) => ({ id: column, importance }));
  const invalidRows = new Set<number>();
  const rowsWithEmptyCells = new Set<number>();
  const cells = rows.flatMap(({ id: row }) =>
    columns.flatMap(({ id: column }) => {
      // A number is a score computed already (a measured criterion's, issue 31); text is typed.
      const cell = textAt(row, column);
      const parsed: ParsedCell =
        typeof cell === 'number' ? { kind: 'value', value: cell } : parseCellValue(cell, scale);
      if (parsed.kind === 'invalid') invalidRows.add(row);
      if (parsed.kind === 'empty') rowsWithEmptyCells.add(row);
      return parsed.kind === 'value' ? [{ option_id: row, criterion_id: column, value: parsed.value }] : [];
    }),
  );
  const totals = new Map<number, number | null>(computePersonalTotals(rows, columns, cells));
  for (const row of invalidRows) totals.set(row, null);
  const knockedOut = knockoutsOf(
    rows,
    columns.map(({ id, importance }) => ({ id, weight: importance, minimum: minimums[id] ?? null })),
    valuesOfCells(cells),
  );
  const knockedOutRows = new Set(knockedOut.map((entry) => entry.option_id));
  const ranking = rankOptions(totals, 2, knockedOutRows);
  // As on the server (issue 25): while an option that is not knocked out has an empty or invalid cell,
  // the totals are provisional and no option is the best one yet.
  const isIncomplete = [...rowsWithEmptyCells, ...invalidRows].some((row) => !knockedOutRows.has(row));
  return isIncomplete ? ranking.map((entry) => ({ ...entry, is_top: false })) : ranking;
}

/** Positions of names that repeat an earlier one: the server's rule (shared/names.ts), as a set. */
export function duplicateIndexes(names: readonly string[]): Set<number> {
  return new Set(findDuplicateNames(names));
}

/** Positions of every row whose name is used more than once (all of them, so each one turns red). */
export function duplicatePositions(names: readonly string[]): Set<number> {
  const repeatedKeys = new Set([...duplicateIndexes(names)].map((index) => nameKey(names[index] ?? '')));
  const positions = new Set<number>();
  names.forEach((name, index) => {
    if (repeatedKeys.has(nameKey(name))) positions.add(index);
  });
  return positions;
}

/** Typed percentages are clamped into 0..100 and rounded to whole numbers; empty or not a number gives null. */
export function clampPercent(raw: string): number | null {
  if (raw.trim() === '') return null;
  const value = Number(raw);
  if (!Number.isFinite(value)) return null;
  return Math.min(100, Math.max(0, Math.round(value)));
}
