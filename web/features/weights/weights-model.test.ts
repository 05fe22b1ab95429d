import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canComparePairs,
  canRank,
  droppedInOrder,
  judgmentsOf,
  meaningOfIntensity,
  movedInOrder,
  orderByWeight,
  PAIR_CHOICES,
  pairwiseOutcome,
  ratioOfChoice,
  rankedWeights,
  wholePercents,
} from './weights-model.ts';

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

describe('wholePercents', () => {
  it('keeps the proportions in whole percents adding up to 100, equal weights staying equal', () => {
    expect(wholePercents([1, 1, 1])).toEqual([33, 33, 33]);
    expect(wholePercents([30, 30, 60])).toEqual([25, 25, 50]);
    expect(wholePercents([1, 1, 2])).toEqual([25, 25, 50]);
    // 28.57… twice and 42.85…: the largest remainder gets a point, the equal pair cannot share the last.
    expect(wholePercents([2, 2, 3])).toEqual([28, 28, 43]);
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.01, max: 1000, noNaN: true }), { minLength: 1, maxLength: 30 }),
        (weights) => {
          const percents = wholePercents(weights);
          percents.forEach((percent) => expect(Number.isInteger(percent)).toBe(true));
          // Short of 100 only by points that a group of equal weights could not share.
          expect(sum(percents)).toBeLessThanOrEqual(100);
          expect(sum(percents)).toBeGreaterThan(100 - weights.length);
          weights.forEach((weight, i) =>
            weights.forEach((other, j) => {
              if (weight === other) expect(percents[i]).toBe(percents[j]);
            }),
          );
        },
      ),
    );
  });
});

describe('rank them', () => {
  it('gives 4 ranked criteria 52, 27, 15 and 6 %, placed on the criteria in their order', () => {
    expect(rankedWeights([0, 1, 2, 3])).toEqual([52, 27, 15, 6]);
    // The fourth criterion moved to the top: it gets 52, the others follow in their order.
    expect(rankedWeights([3, 0, 1, 2])).toEqual([27, 15, 6, 52]);
    expect(rankedWeights([0, 1])).toEqual([75, 25]);
  });

  it('always adds up to 100 in whole percents, falling with the place', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), (count) => {
        const order = Array.from({ length: count }, (_, index) => count - 1 - index);
        const weights = rankedWeights(order);
        expect(sum(weights)).toBe(100);
        const byPlace = order.map((criterion) => weights[criterion]!);
        byPlace.slice(1).forEach((weight, place) => expect(weight).toBeLessThanOrEqual(byPlace[place]!));
      }),
    );
  });

  it('starts from the current weights, heaviest first, empty ones last, ties in list order', () => {
    expect(orderByWeight([10, null, 40, 10])).toEqual([2, 0, 3, 1]);
    expect(orderByWeight([null, null, null])).toEqual([0, 1, 2]);
  });

  it('moves one criterion up or down and ignores moves past the ends', () => {
    expect(movedInOrder([0, 1, 2, 3], 3, 2)).toEqual([0, 1, 3, 2]);
    expect(movedInOrder([0, 1, 2, 3], 0, 1)).toEqual([1, 0, 2, 3]);
    expect(movedInOrder([0, 1, 2, 3], 0, -1)).toEqual([0, 1, 2, 3]);
    expect(movedInOrder([0, 1, 2, 3], 3, 4)).toEqual([0, 1, 2, 3]);
  });

  it('drops a dragged criterion before or after another', () => {
    expect(droppedInOrder([0, 1, 2, 3], [3], 0, 'before')).toEqual([3, 0, 1, 2]);
    expect(droppedInOrder([0, 1, 2, 3], [0], 2, 'after')).toEqual([1, 2, 0, 3]);
    expect(droppedInOrder([0, 1, 2, 3], [1], 1, 'before')).toEqual([0, 1, 2, 3]);
  });

  it('is offered from two criteria on', () => {
    expect(canRank(1)).toBe(false);
    expect(canRank(2)).toBe(true);
  });
});

describe('the judgment scale', () => {
  it('runs from the first criterion 9 times as important over equal to the second 9 times', () => {
    expect(PAIR_CHOICES.map((choice) => choice.value)).toEqual([
      'first-9',
      'first-8',
      'first-7',
      'first-6',
      'first-5',
      'first-4',
      'first-3',
      'first-2',
      'equal',
      'second-2',
      'second-3',
      'second-4',
      'second-5',
      'second-6',
      'second-7',
      'second-8',
      'second-9',
    ]);
    expect(ratioOfChoice('first-5')).toBe(5);
    expect(ratioOfChoice('second-5')).toBe(1 / 5);
    expect(ratioOfChoice('equal')).toBe(1);
  });

  it("names Saaty's steps: 1 equal, 3 moderately, 5 strongly, 7 very strongly, 9 extremely", () => {
    expect([1, 3, 5, 7, 9].map(meaningOfIntensity)).toEqual([
      'equal',
      'moderately',
      'strongly',
      'veryStrongly',
      'extremely',
    ]);
    expect(meaningOfIntensity(4)).toBe('moderatelyToStrongly');
  });

  it('asks every pair once and counts an unanswered pair as equal', () => {
    expect(judgmentsOf(3, { '0-2': 'second-3' })).toEqual([
      { first: 0, second: 1, ratio: 1 },
      { first: 0, second: 2, ratio: 1 / 3 },
      { first: 1, second: 2, ratio: 1 },
    ]);
  });

  it('is offered for 3 to 7 criteria', () => {
    expect([2, 3, 7, 8].map(canComparePairs)).toEqual([false, true, true, false]);
  });
});

describe('pairwiseOutcome', () => {
  it("turns Saaty's textbook judgments into whole percents with a consistency ratio under 0.1", () => {
    const outcome = pairwiseOutcome(3, { '0-1': 'first-3', '0-2': 'first-5', '1-2': 'first-3' });
    expect(outcome.weights).toEqual([64, 26, 10]);
    expect(outcome.consistencyRatio).toBeCloseTo(0.033, 3);
    expect(outcome.isConsistent).toBe(true);
    expect(outcome.pairsToCheck).toEqual([]);
  });

  it('gives equal weights without any answer, and for equal answers', () => {
    expect(pairwiseOutcome(3, {})).toMatchObject({ weights: [33, 33, 33], consistencyRatio: 0 });
    const allEqual = Object.fromEntries(
      ['0-1', '0-2', '0-3', '1-2', '1-3', '2-3'].map((pair) => [pair, 'equal' as const]),
    );
    expect(pairwiseOutcome(4, allEqual).weights).toEqual([25, 25, 25, 25]);
  });

  it('flags contradicting answers and names the pairs to check', () => {
    // First beats second and second beats third strongly, yet first and third are equal.
    const outcome = pairwiseOutcome(3, { '0-1': 'first-5', '1-2': 'first-5', '0-2': 'equal' });
    expect(outcome.consistencyRatio).toBeGreaterThan(0.1);
    expect(outcome.isConsistent).toBe(false);
    expect(outcome.pairsToCheck).toHaveLength(2);
    expect(sum(outcome.weights)).toBe(100);
  });

  it('always adds up to 100 in whole percents, unless equal weights cannot share the last points', () => {
    const choice = fc.constantFrom(...PAIR_CHOICES.map((option) => option.value));
    fc.assert(
      fc.property(
        fc
          .integer({ min: 3, max: 7 })
          .chain((count) => fc.tuple(fc.constant(count), fc.array(choice, { minLength: 21, maxLength: 21 }))),
        ([count, choices]) => {
          const answers = Object.fromEntries(
            judgmentsOf(count, {}).map((pair, index) => [`${pair.first}-${pair.second}`, choices[index]!]),
          );
          expect(sum(pairwiseOutcome(count, answers).weights)).toBeGreaterThan(100 - count);
          expect(sum(pairwiseOutcome(count, answers).weights)).toBeLessThanOrEqual(100);
        },
      ),
    );
  });
});
