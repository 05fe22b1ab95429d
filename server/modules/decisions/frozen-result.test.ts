import { describe, expect, it } from 'vitest';
import { frozenResultDiffers } from './frozen-result.ts';

const frozen = {
  ranking: [
    { option_id: 2, name: 'Oslo', total: 8, rank: 1 },
    { option_id: 1, name: 'Lisbon', total: 4, rank: 2 },
  ],
};

describe('frozenResultDiffers', () => {
  it('is false without a frozen result and while the live ranking is the frozen one (names aside)', () => {
    expect(frozenResultDiffers(null, [])).toBe(false);
    expect(
      frozenResultDiffers(frozen, [
        { option_id: 2, total: 8, rank: 1 },
        { option_id: 1, total: 4, rank: 2 },
      ]),
    ).toBe(false);
  });

  it('is true when a total, a rank, the order or the options changed', () => {
    const live = [
      { option_id: 2, total: 8, rank: 1 },
      { option_id: 1, total: 4, rank: 2 },
    ];
    expect(frozenResultDiffers(frozen, [{ ...live[0]!, total: 7.5 }, live[1]!])).toBe(true);
    expect(frozenResultDiffers(frozen, [live[0]!, { ...live[1]!, rank: 1 }])).toBe(true);
    expect(frozenResultDiffers(frozen, [live[1]!, live[0]!])).toBe(true);
    expect(frozenResultDiffers(frozen, [live[0]!])).toBe(true);
    expect(frozenResultDiffers(frozen, [live[0]!, { ...live[1]!, total: null, rank: null }])).toBe(true);
  });
});
