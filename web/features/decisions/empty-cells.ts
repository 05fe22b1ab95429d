import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { countedPersonalCells } from '../../../shared/scoring/personal.ts';
import { cellKey } from '../../lib/matrix-model.ts';

/** A cell of the edit grid by position: the option's and the criterion's index in the decision's order. */
export interface CellPosition {
  optionIndex: number;
  criterionIndex: number;
}

/**
 * The first empty cell that keeps a personal result incomplete (issue 25): row by row, in the order
 * the edit grid shows them, skipping options a must-have knocked out (their cells never count).
 * null when every counted cell has a value.
 */
export function firstEmptyCellOf(
  details: Pick<DecisionDetails, 'decision' | 'options' | 'criteria' | 'evaluations' | 'results'>,
): CellPosition | null {
  const filled = new Set(
    countedPersonalCells(details.evaluations, details.decision.user_id).map((cell) =>
      cellKey(cell.option_id, cell.criterion_id),
    ),
  );
  const knockedOut = new Set(
    details.results.ranking.filter((entry) => entry.knocked_out).map((entry) => entry.option_id),
  );
  for (const [optionIndex, option] of details.options.entries()) {
    if (knockedOut.has(option.id)) continue;
    for (const [criterionIndex, criterion] of details.criteria.entries()) {
      if (!filled.has(cellKey(option.id, criterion.id))) return { optionIndex, criterionIndex };
    }
  }
  return null;
}

/** The edit page's address that opens the grid at a cell: `/decision/7/edit?cell=1-2`. */
export function editCellPath(decisionId: number, cell: CellPosition): string {
  return `/decision/${decisionId}/edit?cell=${cell.optionIndex}-${cell.criterionIndex}`;
}

/** Reads `?cell=<optionIndex>-<criterionIndex>`; null for anything else. */
export function parseCellParam(value: string | null): CellPosition | null {
  const match = /^(\d{1,3})-(\d{1,3})$/.exec(value ?? '');
  if (!match) return null;
  return { optionIndex: Number(match[1]), criterionIndex: Number(match[2]) };
}
