import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundTo } from './rounding.ts';
import { ahpWeights, pairsOf, rankOrderCentroidWeights } from './weight-elicitation.ts';

describe('rankOrderCentroidWeights', () => {
  it('gives 4 criteria 52.1, 27.1, 14.6 and 6.3 %', () => {
    expect(rankOrderCentroidWeights(4).map((weight) => roundTo(weight, 1))).toEqual([52.1, 27.1, 14.6, 6.3]);
  });

  it('adds up to 100 and falls with the place, for any count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), (count) => {
        const weights = rankOrderCentroidWeights(count);
        expect(weights.reduce((sum, weight) => sum + weight, 0)).toBeCloseTo(100, 9);
        weights.slice(1).forEach((weight, index) => expect(weight).toBeLessThan(weights[index]!));
      }),
    );
  });
});

describe('ahpWeights', () => {
  it("gives Saaty's textbook weights and consistency ratio", () => {
    // First vs second 3, first vs third 5, second vs third 3.
    const result = ahpWeights(3, [
      { first: 0, second: 1, ratio: 3 },
      { first: 0, second: 2, ratio: 5 },
      { first: 1, second: 2, ratio: 3 },
    ]);
    expect(result.weights.map((weight) => roundTo(weight, 1))).toEqual([63.7, 25.8, 10.5]);
    expect(result.lambdaMax).toBeCloseTo(3.039, 3);
    expect(result.consistencyRatio).toBeCloseTo(0.033, 3);
  });

  it('finds the weights back from perfectly consistent judgments, with a ratio of 0', () => {
    const truth = [40, 30, 20, 10];
    const judgments = pairsOf(4).map(({ first, second }) => ({
      first,
      second,
      ratio: truth[first]! / truth[second]!,
    }));
    const result = ahpWeights(4, judgments);
    result.weights.forEach((weight, index) => expect(weight).toBeCloseTo(truth[index]!, 6));
    expect(result.consistencyRatio).toBeCloseTo(0, 9);
  });

  it('flags contradicting judgments with a ratio above 0.1', () => {
    // A > B, B > C, yet C much > A.
    const result = ahpWeights(3, [
      { first: 0, second: 1, ratio: 5 },
      { first: 1, second: 2, ratio: 5 },
      { first: 0, second: 2, ratio: 1 / 5 },
    ]);
    expect(result.consistencyRatio).toBeGreaterThan(0.1);
  });

  it('treats a missing judgment as equal and always adds up to 100', () => {
    expect(ahpWeights(3, []).weights.map((weight) => roundTo(weight, 4))).toEqual([
      33.3333, 33.3333, 33.3333,
    ]);
    const judgment = fc.constantFrom(1 / 9, 1 / 5, 1 / 3, 1, 3, 5, 9);
    fc.assert(
      fc.property(
        fc
          .integer({ min: 3, max: 7 })
          .chain((count) =>
            fc.tuple(fc.constant(count), fc.array(judgment, { minLength: 21, maxLength: 21 })),
          ),
        ([count, ratios]) => {
          const result = ahpWeights(
            count,
            pairsOf(count).map((pair, index) => ({ ...pair, ratio: ratios[index]! })),
          );
          expect(result.weights.reduce((sum, weight) => sum + weight, 0)).toBeCloseTo(100, 6);
          expect(result.weights.every((weight) => weight > 0)).toBe(true);
          expect(result.consistencyRatio).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
