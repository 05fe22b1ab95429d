import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundedSharesOf, scaledToHundred, sharesOf } from './shares.ts';

describe('sharesOf', () => {
  it('gives each weight its share of the sum', () => {
    const shares = sharesOf(
      new Map([
        [1, 30],
        [2, 60],
        [3, 30],
      ]),
    );
    expect(shares.get(1)).toBeCloseTo(25);
    expect(shares.get(2)).toBeCloseTo(50);
  });
  it('is 0 everywhere when the weights sum to 0', () => {
    expect([
      ...sharesOf(
        new Map([
          [1, 0],
          [2, 0],
        ]),
      ).values(),
    ]).toEqual([0, 0]);
  });
});

describe('roundedSharesOf', () => {
  it('rounds thirds so they still add up to 100', () => {
    expect([
      ...roundedSharesOf(
        new Map([
          [1, 1],
          [2, 1],
          [3, 1],
        ]),
      ).values(),
    ]).toEqual([34, 33, 33]);
  });
  it('always adds up to exactly 100 when any weight is positive', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 30 }), (weights) => {
        const shares = roundedSharesOf(new Map(weights.map((w, i) => [i, w])));
        const sum = [...shares.values()].reduce((a, b) => a + b, 0);
        expect(sum).toBe(weights.some((w) => w > 0) ? 100 : 0);
      }),
    );
  });
  it('keeps one decimal when asked', () => {
    expect([
      ...roundedSharesOf(
        new Map([
          [1, 1],
          [2, 2],
        ]),
        1,
      ).values(),
    ]).toEqual([33.3, 66.7]);
  });
});

describe('scaledToHundred', () => {
  it('keeps the proportions of 40, 20, 60', () => {
    expect([
      ...scaledToHundred(
        new Map([
          ['a', 40],
          ['b', 20],
          ['c', 60],
        ]),
      ).values(),
    ]).toEqual([33, 17, 50]);
  });
});
