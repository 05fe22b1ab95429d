import { measuredRequest, type MeasuredFields } from '../decisions/measured-criteria.ts';
import type { CriterionAnchors } from '../../../shared/api/decisions.ts';
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
  /** Criteria only: the must-have minimum on the 0–10 scale, null for none. */
  minimum?: number | null;
  /** Criteria only: what the lowest and the highest score mean ("" when unused). */
  anchors?: CriterionAnchors;
  /** Criteria only (issue 31): measured from facts, so members do not vote on it. */
  isMeasured?: boolean;
  /** Criteria only (issue 31): how the criterion is scored, as the criteria editor holds it. */
  kind?: MeasuredFields['kind'];
  unit?: string;
  direction?: MeasuredFields['direction'];
  worst?: string;
  best?: string;
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

/** The criterion fields the server may name in a refusal, besides the name. */
type CriterionField = 'minimum' | 'anchors.low' | 'anchors.high';

/**
 * The server's field errors about criteria (`criteria.2.minimum`), placed on the form's rows: the
 * server counts the saved list, from which blank and repeated rows were left out.
 */
export function criterionFieldErrors(
  fields: Readonly<Record<string, string>>,
  rows: readonly NameRow[],
): { path: `criteria.${number}.${CriterionField}`; message: string }[] {
  const duplicates = duplicateRows(rows);
  const savedPositions = rows.flatMap((row, index) =>
    row.name.trim() !== '' && !duplicates.has(index) ? [index] : [],
  );
  return Object.entries(fields).flatMap(([field, message]) => {
    const match = /^criteria\.(\d+)\.(minimum|anchors\.low|anchors\.high)$/.exec(field);
    const row = match ? savedPositions[Number(match[1])] : undefined;
    return match && row !== undefined
      ? [{ path: `criteria.${row}.${match[2] as CriterionField}` as const, message }]
      : [];
  });
}

/**
 * Issue 31: a criterion row's measured fields as the API takes them; nothing for a row that never had
 * a kind (the server then keeps what is stored).
 */
export function measuredRowRequest(row: NameRow) {
  if (!row.kind) return {};
  return measuredRequest({
    kind: row.kind,
    unit: row.unit ?? '',
    direction: row.direction ?? 'higher',
    worst: row.worst ?? '',
    best: row.best ?? '',
  });
}
