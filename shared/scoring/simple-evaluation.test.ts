import { describe, expect, it } from 'vitest';
import { computeSimpleScores } from './simple-evaluation.ts';

describe('computeSimpleScores', () => {
  it('computes Σ rating × weight / 100 with 2 decimals, best first, ties all on top', () => {
    const results = computeSimpleScores(
      ['Car', 'Bike', 'Train'],
      [
        { name: 'Cost', weight: 33.3 },
        { name: 'Speed', weight: 66.7 },
      ],
      [
        [1, 5, 3],
        [5, 1, 3],
      ],
    );
    expect(results).toEqual([
      { option: 'Car', score: 3.67, isTop: true },
      { option: 'Train', score: 3, isTop: false },
      { option: 'Bike', score: 2.33, isTop: false },
    ]);
  });

  it('marks every option sharing the best score', () => {
    const results = computeSimpleScores(['A', 'B'], [{ name: 'X', weight: 100 }], [[4, 4]]);
    expect(results.every((r) => r.isTop)).toBe(true);
  });
});
