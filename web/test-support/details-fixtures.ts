// Pieces of DecisionDetails that unit tests of the web build again and again (tests only).
import type { DecisionDetails } from '../../shared/api/decisions.ts';

/** A user's score of one cell, as the details carry it (no reason, no AI proposal). */
export function scoredCell(option_id: number, criterion_id: number, value: number, user_id: number | null) {
  return {
    option_id,
    criterion_id,
    value,
    user_id,
    explanation: null,
    generated_by: 'user' as const,
    ai_value: null,
    ai_explanation: null,
    measure: null,
  };
}

/** The details' `results` around a ranking: no formula, complete unless told, nothing missing. */
export function resultsOf(
  ranking: DecisionDetails['results']['ranking'],
  { complete = true }: { complete?: boolean } = {},
): DecisionDetails['results'] {
  return { ranking, formula: '', complete, missing_cells: 0, no_result_reason: null };
}
