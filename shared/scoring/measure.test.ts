import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { knockoutsOf } from './analysis.ts';
import { computeResult } from './decision-data.ts';
import {
  measureBoundsOf,
  measuredScore,
  measuredScoresOf,
  meetsMeasuredMinimum,
  type MeasuredCriterionShape,
} from './measure.ts';

const personal = { min: 1, max: 10 };
const team = { min: 0, max: 10 };
const price: MeasuredCriterionShape = { id: 1, kind: 'measure', direction: 'lower', worst: null, best: null };
const battery: MeasuredCriterionShape = {
  id: 2,
  kind: 'measure',
  direction: 'higher',
  worst: null,
  best: null,
};
const measures = (criterionId: number, values: number[]) =>
  values.map((measure, index) => ({ option_id: index + 1, criterion_id: criterionId, measure }));

describe('the value function of a measured criterion (issue 31)', () => {
  it('defaults worst and best to the worst and best raw values, by direction', () => {
    expect(measureBoundsOf(price, [1299, 999, 1650])).toEqual({ worst: 1650, best: 999 });
    expect(measureBoundsOf(battery, [8, 14, 10])).toEqual({ worst: 8, best: 14 });
    expect(measureBoundsOf({ ...price, best: 800 }, [1299, 999])).toEqual({ worst: 1299, best: 800 });
    expect(measureBoundsOf(price, [])).toBeNull();
  });

  it('lower is better: the cheapest scores max, the dearest min, the rest on the line', () => {
    const scores = measuredScoresOf([price], measures(1, [1299, 999, 1650]), personal);
    expect(scores.get('2:1')).toBe(10);
    expect(scores.get('3:1')).toBe(1);
    // 1 + 9 × (1299 − 1650) / (999 − 1650) = 5.8525… → 5.9
    expect(scores.get('1:1')).toBe(5.9);
  });

  it('higher is better: on the team scale 0–10', () => {
    const scores = measuredScoresOf([battery], measures(2, [8, 14, 10]), team);
    expect([scores.get('1:2'), scores.get('2:2'), scores.get('3:2')]).toEqual([0, 10, 3.3]);
  });

  it('clamps values beyond worst and best to the scale', () => {
    const set = { ...battery, worst: 10, best: 12 };
    const scores = measuredScoresOf([set], measures(2, [8, 14, 11]), team);
    expect([scores.get('1:2'), scores.get('2:2'), scores.get('3:2')]).toEqual([0, 10, 5]);
  });

  it('scores max everywhere when best equals worst (one option, or equal values)', () => {
    expect(measuredScoresOf([price], measures(1, [500]), personal).get('1:1')).toBe(10);
    expect(measuredScoresOf([battery], measures(2, [7, 7]), team).get('2:2')).toBe(10);
  });

  it('rounds halves away from zero to 1 decimal', () => {
    // 0 + 10 × 1 / 8 = 1.25 → 1.3; 0 + 10 × 3 / 8 = 3.75 → 3.8
    expect(measuredScore(1, { worst: 0, best: 8 }, team)).toBe(1.3);
    expect(measuredScore(3, { worst: 0, best: 8 }, team)).toBe(3.8);
  });

  it('ignores raw values of score criteria and gives no score without a raw value', () => {
    const score = { id: 3, kind: 'score' as const, direction: null, worst: null, best: null };
    const scores = measuredScoresOf([score, price], [...measures(3, [4]), ...measures(1, [10])], team);
    expect([...scores.keys()]).toEqual(['1:1']);
  });

  it('computes totals from the rounded scores', () => {
    const result = computeResult(
      { type: 'private', mode: 'manual', user_id: 9 },
      [{ id: 1 }, { id: 2 }, { id: 3 }],
      [{ id: 1, importance: 100, kind: 'measure', direction: 'lower' }],
      [5.9, 10, 1].map((value, index) => ({
        option_id: index + 1,
        criterion_id: 1,
        value,
        user_id: 9,
        generated_by: 'user' as const,
        measure: [1299, 999, 1650][index],
      })),
      [],
    );
    expect(result.ranking.map((entry) => [entry.option_id, entry.total])).toEqual([
      [2, 10],
      [1, 5.9],
      [3, 1],
    ]);
  });

  it('property: a better raw value never gives a lower score', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'higher' | 'lower'>('higher', 'lower'),
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 8 }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { nil: null }),
        fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { nil: null }),
        (direction, others, a, b, worst, best) => {
          const criterion = { id: 1, kind: 'measure' as const, direction, worst, best };
          const bounds = measureBoundsOf(criterion, [...others, a, b])!;
          // The scale runs from worst to best, whichever way the user set them.
          const isRising = bounds.best >= bounds.worst;
          const [better, worse] = (isRising ? a >= b : a <= b) ? [a, b] : [b, a];
          expect(measuredScore(better, bounds, team)).toBeGreaterThanOrEqual(
            measuredScore(worse, bounds, team),
          );
          const score = measuredScore(a, bounds, team);
          expect(score).toBeGreaterThanOrEqual(team.min);
          expect(score).toBeLessThanOrEqual(team.max);
        },
      ),
    );
  });

  it('property: with defaulted bounds, better by direction means a score at least as high', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'higher' | 'lower'>('higher', 'lower'),
        fc.array(fc.integer({ min: -5000, max: 5000 }), { minLength: 2, maxLength: 8 }),
        (direction, values) => {
          const criterion = { id: 1, kind: 'measure' as const, direction, worst: null, best: null };
          const scores = measuredScoresOf([criterion], measures(1, values), personal);
          values.forEach((x, i) =>
            values.forEach((y, j) => {
              const isBetter = direction === 'higher' ? x > y : x < y;
              if (isBetter)
                expect(scores.get(`${i + 1}:1`)!).toBeGreaterThanOrEqual(scores.get(`${j + 1}:1`)!);
            }),
          );
        },
      ),
    );
  });
});

describe('must-haves in the unit (issue 31)', () => {
  it('"price at most 1,500 €" knocks out 1,650 € and keeps 1,299 €', () => {
    expect(meetsMeasuredMinimum(1650, 1500, 'lower')).toBe(false);
    expect(meetsMeasuredMinimum(1299, 1500, 'lower')).toBe(true);
    expect(meetsMeasuredMinimum(8, 10, 'higher')).toBe(false);
    expect(meetsMeasuredMinimum(10, 10, 'higher')).toBe(true);
  });

  it('knocked-out entries carry the raw value and the minimum in the unit', () => {
    const values = new Map([
      ['1:1', 5.9],
      ['2:1', 1],
    ]);
    const raw = new Map([
      ['1:1', 1299],
      ['2:1', 1650],
    ]);
    const knocked = knockoutsOf(
      [{ id: 1 }, { id: 2 }, { id: 3 }],
      [{ id: 1, weight: 1, minimum: 1500, direction: 'lower' }],
      values,
      raw,
    );
    expect(knocked).toEqual([
      { option_id: 2, criterion_id: 1, value: 1650, minimum: 1500 },
      { option_id: 3, criterion_id: 1, value: null, minimum: 1500 },
    ]);
  });
});
