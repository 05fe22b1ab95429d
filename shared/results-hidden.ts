import type { DecisionDetails } from './api/decisions.ts';

/**
 * The i18n key of the sentence saying when hidden results appear, one wording for the screens and the
 * exports: once the reader submitted their complete vote (issue 27), or when voting ends.
 */
export function resultsHiddenMessageKey(
  details: Pick<DecisionDetails, 'resultsHiddenUntil'> & {
    decision: Pick<DecisionDetails['decision'], 'mode'>;
  },
): string {
  if (details.resultsHiddenUntil === 'close') return 'results.hiddenUntil.close';
  return details.decision.mode === 'ai' ? 'results.hiddenUntil.submitAi' : 'results.hiddenUntil.submit';
}
