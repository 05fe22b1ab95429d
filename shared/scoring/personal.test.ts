import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computePersonalTotals,
  countedPersonalCells,
  rankOptions,
  topScore,
  type CellValue,
} from './personal.ts';
import { roundTo } from './rounding.ts';

const matrix = fc
  .record({
    optionCount: fc.integer({ min: 1, max: 8 }),
    importances: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 6 }),
  })
  .chain(({ optionCount, importances }) =>
    fc.record({
      options: fc.constant(Array.from({ length: optionCount }, (_, i) => ({ id: i + 1 }))),
      criteria: fc.constant(importances.map((importance, i) => ({ id: 100 + i, importance }))),
      // undefined = a missing cell
      values: fc.array(
        fc.array(fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }), {
          minLength: importances.length,
          maxLength: importances.length,
        }),
        { minLength: optionCount, maxLength: optionCount },
      ),
    }),
  );

function cellsOf(values: (number | undefined)[][], criteriaIds: number[]): CellValue[] {
  return values.flatMap((row, optionIndex) =>
    row.flatMap((value, criterionIndex) =>
      value === undefined
        ? []
        : [{ option_id: optionIndex + 1, criterion_id: criteriaIds[criterionIndex]!, value }],
    ),
  );
}

describe('computePersonalTotals', () => {
  it('sums value × importance / 100 and counts missing cells as 0', () => {
    const totals = computePersonalTotals(
      [{ id: 1 }, { id: 2 }],
      [
        { id: 10, importance: 50 },
        { id: 11, importance: 30 },
        { id: 12, importance: 20 },
      ],
      [
        { option_id: 1, criterion_id: 10, value: 8 },
        { option_id: 1, criterion_id: 11, value: 6 },
        { option_id: 1, criterion_id: 12, value: 9 },
        { option_id: 2, criterion_id: 10, value: 10 },
      ],
    );
    expect(totals.get(1)).toBeCloseTo(4 + 1.8 + 1.8);
    expect(totals.get(2)).toBeCloseTo(5);
  });

  it('never depends on the order of options or cells', () => {
    fc.assert(
      fc.property(matrix, fc.integer(), ({ options, criteria, values }, seed) => {
        const cells = cellsOf(
          values,
          criteria.map((c) => c.id),
        );
        const shuffled = [...options].sort(() => (seed % 2 ? 1 : -1));
        const reversedCells = [...cells].reverse();
        const a = computePersonalTotals(options, criteria, cells);
        const b = computePersonalTotals(shuffled, criteria, reversedCells);
        for (const option of options) expect(b.get(option.id)).toBeCloseTo(a.get(option.id)!, 9);
      }),
    );
  });

  it('scales every total by k when every importance is scaled by k', () => {
    fc.assert(
      fc.property(matrix, fc.integer({ min: 0, max: 5 }), ({ options, criteria, values }, k) => {
        const cells = cellsOf(
          values,
          criteria.map((c) => c.id),
        );
        const base = computePersonalTotals(options, criteria, cells);
        const scaled = computePersonalTotals(
          options,
          criteria.map((c) => ({ ...c, importance: c.importance * k })),
          cells,
        );
        for (const option of options) expect(scaled.get(option.id)).toBeCloseTo(base.get(option.id)! * k, 6);
      }),
    );
  });

  it('ignores cells of criteria that are not part of the decision', () => {
    const totals = computePersonalTotals(
      [{ id: 1 }],
      [{ id: 10, importance: 100 }],
      [{ option_id: 1, criterion_id: 99, value: 10 }],
    );
    expect(totals.get(1)).toBe(0);
  });
});

describe('rankOptions', () => {
  it('marks the option(s) with the maximum total as top and ranks ties together', () => {
    fc.assert(
      fc.property(matrix, ({ options, criteria, values }) => {
        const totals = computePersonalTotals(
          options,
          criteria,
          cellsOf(
            values,
            criteria.map((c) => c.id),
          ),
        );
        const ranking = rankOptions(totals);
        const max = Math.max(...[...totals.values()].map((t) => roundTo(t, 2)));
        expect(topScore(ranking)).toBe(max);
        for (const entry of ranking) expect(entry.is_top).toBe(entry.total === max);
        expect(ranking.filter((e) => e.rank === 1).every((e) => e.is_top)).toBe(true);
      }),
    );
  });

  it('uses competition ranking (1, 1, 3)', () => {
    const ranking = rankOptions(
      new Map([
        [1, 5],
        [2, 7],
        [3, 7],
      ]),
    );
    expect(ranking.map((e) => [e.option_id, e.rank])).toEqual([
      [2, 1],
      [3, 1],
      [1, 3],
    ]);
    expect(ranking.filter((e) => e.is_top).map((e) => e.option_id)).toEqual([2, 3]);
  });

  it('has no top score without options', () => {
    expect(topScore(rankOptions(new Map()))).toBeNull();
  });
});

describe('roundTo', () => {
  it('rounds half away from zero without binary artefacts', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(2.675, 2)).toBe(2.68);
    expect(roundTo(-1.25, 1)).toBe(-1.3);
    expect(roundTo(7.44999, 1)).toBe(7.4);
  });
});

describe('countedPersonalCells', () => {
  it('keeps the owner’s values and AI values, nobody else’s', () => {
    const cells = [
      { option_id: 1, criterion_id: 1, value: 8, user_id: 7, generated_by: 'user' as const },
      { option_id: 1, criterion_id: 2, value: 6, user_id: null, generated_by: 'ai' as const },
      { option_id: 2, criterion_id: 1, value: 3, user_id: 9, generated_by: 'user' as const },
    ];
    expect(countedPersonalCells(cells, 7).map((cell) => cell.value)).toEqual([8, 6]);
  });
});
