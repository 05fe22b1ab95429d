import type { AiSuggestionsRequest, AiSuggestionsResponse } from '../../../shared/api/ai.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { nameKey } from '../../../shared/names.ts';

/** One suggested option or criterion as the lists show it (criteria come with an importance). */
export interface RowSuggestion {
  name: string;
  reason: string;
  importance?: number;
}

/** A form row as far as suggestions care: its name, and the name the AI suggested if it came from one. */
export interface SuggestableRow {
  name: string;
  /** Set when the row was added from a suggestion; the mark lasts while the name is unchanged. */
  suggestedName?: string;
}

/** What the suggestions request is built from: the form's title, description and both lists. */
export interface SuggestionsFormValues {
  name: string;
  description?: string | null;
  options: readonly SuggestableRow[];
  criteria: readonly SuggestableRow[];
}

/** Where an added suggestion goes in its list. */
export type SuggestionPlace =
  /** Into the first row without a name (the forms start with empty rows to fill). */
  | { kind: 'fill'; index: number }
  | { kind: 'append' }
  /** The list is at its maximum and has no empty row. */
  | { kind: 'full' };

const namesOf = (rows: readonly SuggestableRow[], max: number) =>
  rows
    .map((row) => row.name.trim())
    .filter(Boolean)
    .slice(0, max);

/**
 * POST /api/ai/suggestions from the form as it is now, so nothing already listed is suggested; null
 * without a title, which the AI needs to know what the decision is about.
 */
export function suggestionsRequestOf(values: SuggestionsFormValues): AiSuggestionsRequest | null {
  const decisionName = values.name.trim();
  if (!decisionName) return null;
  return {
    decisionName,
    description: (values.description ?? '').trim(),
    options: namesOf(values.options, LIMITS.decision.maxOptions),
    criteria: namesOf(values.criteria, LIMITS.decision.maxCriteria),
  };
}

/** The suggestions of one list from the answer (criteria keep their importance). */
export function suggestionsOfKind(
  answer: AiSuggestionsResponse,
  kind: 'options' | 'criteria',
): RowSuggestion[] {
  return kind === 'options' ? answer.options : answer.criteria;
}

/** The suggestions not in the list (any more): an added one leaves the offer, so does a typed twin. */
export function openSuggestions<Suggestion extends { name: string }>(
  suggestions: readonly Suggestion[],
  rows: readonly SuggestableRow[],
): Suggestion[] {
  const listed = new Set(rows.map((row) => nameKey(row.name)));
  return suggestions.filter((suggestion) => !listed.has(nameKey(suggestion.name)));
}

/** The first row without a name takes the suggestion; otherwise a new row, if the list has room. */
export function placeOfSuggestion(rows: readonly SuggestableRow[], maxRows: number): SuggestionPlace {
  const index = rows.findIndex((row) => row.name.trim() === '');
  if (index >= 0) return { kind: 'fill', index };
  return rows.length < maxRows ? { kind: 'append' } : { kind: 'full' };
}

/** A row is marked as suggested until the user changes the name the AI gave it. */
export function isSuggestedRow(row: SuggestableRow): boolean {
  return row.suggestedName !== undefined && row.name.trim() === row.suggestedName;
}
