import type { DecisionAnalysis } from './api/analysis.ts';

/**
 * The one plain sentence about how solid a result is (issue 17), one wording for the screens and the
 * exports: the nearest flip ("A takes the lead if Price counts 51.6 % instead of 50 %"), a tie that
 * the slightest change of a weight breaks, that no single weight changes the leader, or that there are
 * no weights yet. Shares stay numbers: each caller formats them in the reader's language.
 */
export type RobustnessSentence =
  | { key: 'robustness.sentence.noLeader' | 'robustness.sentence.noWeights' | 'robustness.sentence.noFlip' }
  | { key: 'robustness.sentence.flip'; option: string; criterion: string; at: number; share: number }
  | {
      key: 'robustness.sentence.tieMore' | 'robustness.sentence.tieLess';
      option: string;
      criterion: string;
      share: number;
    };

/**
 * Whether every criterion weighs 0 (a team decision whose criteria were created without importances,
 * before anyone weighted): every total is then 0, so there is nothing to compare, and a label or a win
 * probability would only describe a tie of zeros.
 */
export function weighsNothing(analysis: Pick<DecisionAnalysis, 'sensitivity'>): boolean {
  return analysis.sensitivity.length > 0 && analysis.sensitivity.every((entry) => entry.share === 0);
}

export function robustnessSentenceOf(
  analysis: Pick<DecisionAnalysis, 'leaders' | 'robustness' | 'sensitivity'>,
  names: { option: (id: number) => string; criterion: (id: number) => string },
): RobustnessSentence {
  const { nearest } = analysis.robustness;
  if (!analysis.leaders.length) return { key: 'robustness.sentence.noLeader' };
  if (weighsNothing(analysis)) return { key: 'robustness.sentence.noWeights' };
  if (!nearest) return { key: 'robustness.sentence.noFlip' };
  const option = names.option(nearest.option_id);
  const criterion = names.criterion(nearest.criterion_id);
  if (nearest.at_share !== nearest.share) {
    return { key: 'robustness.sentence.flip', option, criterion, at: nearest.at_share, share: nearest.share };
  }
  // A flip at the current share is a tie: the option leads alone once the weight moves that way.
  const entry = analysis.sensitivity.find((candidate) => candidate.criterion_id === nearest.criterion_id);
  const isUp = entry?.up?.option_id === nearest.option_id && entry.up.at_share === nearest.at_share;
  return {
    key: isUp ? 'robustness.sentence.tieMore' : 'robustness.sentence.tieLess',
    option,
    criterion,
    share: nearest.share,
  };
}
