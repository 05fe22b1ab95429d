import type { DecisionDetails } from './api/decisions.ts';

/**
 * The sentence saying why a decision names no leading option yet (issue 25), one wording for the
 * screens and the exports: `key` is an i18n key, `count` its plural count. null while one leads.
 */
export function noResultMessageOf(
  details: Pick<DecisionDetails, 'results'> & { decision: Pick<DecisionDetails['decision'], 'type'> },
): { key: string; count?: number } | null {
  const { no_result_reason: reason, missing_cells: count } = details.results;
  if (reason === null) return null;
  if (reason === 'missing_cells') return { key: 'results.noResult.missing_cells', count };
  // A personal decision has importances; "weights" are a team member's own setting.
  if (reason === 'no_weights' && details.decision.type !== 'team')
    return { key: 'results.noResult.no_importance' };
  return { key: `results.noResult.${reason}` };
}
