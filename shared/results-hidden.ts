import type { DecisionDetails } from './api/decisions.ts';

/**
 * The i18n key of the sentence saying when hidden results appear, one wording for the screens and the
 * exports: once the reader scored every cell (AI mode: submitted weights), or when voting ends.
 */
export function resultsHiddenMessageKey(
  details: Pick<DecisionDetails, 'resultsHiddenUntil'> & {
    decision: Pick<DecisionDetails['decision'], 'mode'>;
  },
): string {
  if (details.resultsHiddenUntil === 'close') return 'results.hiddenUntil.close';
  return details.decision.mode === 'ai' ? 'results.hiddenUntil.completeAi' : 'results.hiddenUntil.complete';
}
