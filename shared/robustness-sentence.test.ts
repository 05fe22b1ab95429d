import { describe, expect, it } from 'vitest';
import type { DecisionAnalysis } from './api/analysis.ts';
import { robustnessSentenceOf, weighsNothing } from './robustness-sentence.ts';

const names = { option: (id: number) => `O${id}`, criterion: (id: number) => `C${id}` };
const analysis = (overrides: Partial<DecisionAnalysis>): DecisionAnalysis => ({
  leaders: [2],
  sensitivity: [],
  robustness: { label: 'robust', nearest: null },
  stability: { samples: 2000, options: [] },
  knocked_out: [],
  ...overrides,
});

describe('robustnessSentenceOf', () => {
  it('names the nearest flip with both shares', () => {
    const nearest = { criterion_id: 10, share: 50, at_share: 51.6, option_id: 1 };
    expect(robustnessSentenceOf(analysis({ robustness: { label: 'fragile', nearest } }), names)).toEqual({
      key: 'robustness.sentence.flip',
      option: 'O1',
      criterion: 'C10',
      at: 51.6,
      share: 50,
    });
  });

  it('says which way a tie breaks', () => {
    const up = { at_share: 50, option_id: 1 };
    const down = { at_share: 50, option_id: 2 };
    const sensitivity = [{ criterion_id: 10, share: 50, up, down }];
    const tie = (option_id: number) =>
      robustnessSentenceOf(
        analysis({
          leaders: [1, 2],
          sensitivity,
          robustness: { label: 'fragile', nearest: { criterion_id: 10, share: 50, at_share: 50, option_id } },
        }),
        names,
      ).key;
    expect(tie(1)).toBe('robustness.sentence.tieMore');
    expect(tie(2)).toBe('robustness.sentence.tieLess');
  });

  it('says when no weight changes the leader, and when nobody leads', () => {
    expect(robustnessSentenceOf(analysis({}), names).key).toBe('robustness.sentence.noFlip');
    expect(robustnessSentenceOf(analysis({ leaders: [] }), names).key).toBe('robustness.sentence.noLeader');
  });

  it('says there are no weights yet when every criterion weighs 0, instead of calling a tie of zeros robust', () => {
    const zero = { share: 0, up: null, down: null };
    const unweighted = analysis({
      leaders: [1, 2],
      sensitivity: [
        { criterion_id: 10, ...zero },
        { criterion_id: 11, ...zero },
      ],
    });
    expect(weighsNothing(unweighted)).toBe(true);
    expect(robustnessSentenceOf(unweighted, names).key).toBe('robustness.sentence.noWeights');
    const weighted = analysis({
      sensitivity: [
        { criterion_id: 10, ...zero },
        { criterion_id: 11, ...zero, share: 100 },
      ],
    });
    expect(weighsNothing(weighted)).toBe(false);
    expect(robustnessSentenceOf(weighted, names).key).toBe('robustness.sentence.noFlip');
    // Must-haves that knock out every option still come first.
    expect(robustnessSentenceOf({ ...unweighted, leaders: [] }, names).key).toBe(
      'robustness.sentence.noLeader',
    );
  });
});
