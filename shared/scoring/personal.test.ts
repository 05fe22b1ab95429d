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
  it('is Σ value × importance / Σ importance and counts missing cells as 0', () => {
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

  it('divides by the importance sum: importances adding up to 60 or 120 keep totals on the scale', () => {
    const options = [{ id: 1 }, { id: 2 }];
    const cells = [
      { option_id: 1, criterion_id: 10, value: 8 },
      { option_id: 1, criterion_id: 11, value: 6 },
      { option_id: 1, criterion_id: 12, value: 9 },
      { option_id: 2, criterion_id: 10, value: 10 },
    ];
    // 30/20/10 add up to 60: (8×30 + 6×20 + 9×10) / 60 = 450 / 60 = 7.5, not 4.5 "out of 6".
    const sixty = computePersonalTotals(
      options,
      [
        { id: 10, importance: 30 },
        { id: 11, importance: 20 },
        { id: 12, importance: 10 },
      ],
      cells,
    );
    expect(sixty.get(1)).toBeCloseTo(7.5, 12);
    expect(sixty.get(2)).toBeCloseTo(5, 12);
    // 60/40/20 add up to 120 (the same proportions): the same totals, not 9 "out of 12".
    const hundredTwenty = computePersonalTotals(
      options,
      [
        { id: 10, importance: 60 },
        { id: 11, importance: 40 },
        { id: 12, importance: 20 },
      ],
      cells,
    );
    expect(hundredTwenty.get(1)).toBeCloseTo(7.5, 12);
    expect(hundredTwenty.get(2)).toBeCloseTo(5, 12);
    expect(rankOptions(hundredTwenty).map((entry) => [entry.option_id, entry.total, entry.rank])).toEqual([
      [1, 7.5, 1],
      [2, 5, 2],
    ]);
  });

  it('equals Σ value × importance / 100 when the importances add up to 100', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 6, maxLength: 6 }),
        (parts, values) => {
          // Importances that add up to exactly 100 (the last one takes the rounding rest).
          const partSum = parts.reduce((sum, part) => sum + part, 0);
          const importances = parts.map((part) => Math.floor((part * 100) / partSum));
          importances[importances.length - 1]! += 100 - importances.reduce((sum, w) => sum + w, 0);
          const criteria = importances.map((importance, i) => ({ id: 100 + i, importance }));
          const cells = criteria.map((criterion, i) => ({
            option_id: 1,
            criterion_id: criterion.id,
            value: values[i]!,
          }));
          const expected = criteria.reduce(
            (sum, criterion, i) => sum + (values[i]! * criterion.importance) / 100,
            0,
          );
          expect(computePersonalTotals([{ id: 1 }], criteria, cells).get(1)).toBeCloseTo(expected, 9);
        },
      ),
    );
  });

  it('keeps every total when every importance is scaled by the same k > 0', () => {
    fc.assert(
      fc.property(matrix, fc.integer({ min: 1, max: 5 }), ({ options, criteria, values }, k) => {
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
        for (const option of options) expect(scaled.get(option.id)).toBeCloseTo(base.get(option.id)!, 9);
      }),
    );
  });

  it('stays on the scale: a total lies between 0 and the highest value, whatever the importances add up to', () => {
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
        for (const [index, option] of options.entries()) {
          const highest = Math.max(0, ...values[index]!.map((value) => value ?? 0));
          const total = totals.get(option.id)!;
          expect(total).toBeGreaterThanOrEqual(0);
          expect(total).toBeLessThanOrEqual(highest + 1e-9);
        }
      }),
    );
  });

  it('is 0 for every option when no criterion has any importance, never NaN', () => {
    const totals = computePersonalTotals(
      [{ id: 1 }],
      [
        { id: 10, importance: 0 },
        { id: 11, importance: 0 },
      ],
      [{ option_id: 1, criterion_id: 10, value: 9 }],
    );
    expect(totals.get(1)).toBe(0);
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

  it('lists options without a total last, unranked and never top', () => {
    const ranking = rankOptions(
      new Map<number, number | null>([
        [1, null],
        [2, 4],
        [3, 6],
        [4, null],
      ]),
    );
    expect(ranking).toEqual([
      { option_id: 3, total: 6, rank: 1, is_top: true, knocked_out: false },
      { option_id: 2, total: 4, rank: 2, is_top: false, knocked_out: false },
      { option_id: 1, total: null, rank: null, is_top: false, knocked_out: false },
      { option_id: 4, total: null, rank: null, is_top: false, knocked_out: false },
    ]);
  });

  it('ranks options knocked out by a must-have after every option that passes, never top', () => {
    const ranking = rankOptions(
      new Map<number, number | null>([
        [1, 9],
        [2, 4],
        [3, 6],
        [4, 7],
      ]),
      2,
      new Set([1, 4]),
    );
    expect(ranking.map((entry) => [entry.option_id, entry.rank, entry.is_top, entry.knocked_out])).toEqual([
      [3, 1, true, false],
      [2, 2, false, false],
      [1, 3, false, true],
      [4, 4, false, true],
    ]);
    expect(topScore(ranking)).toBe(6);
    expect(topScore(rankOptions(new Map([[1, 9]]), 2, new Set([1])))).toBeNull();
  });

  it('keeps tied options in input order, all ranked first (a tied winner never sits at the bottom)', () => {
    const ranking = rankOptions(
      new Map([
        [1, 3],
        [2, 8],
        [3, 5],
        [4, 8],
      ]),
    );
    expect(ranking.map((entry) => [entry.option_id, entry.rank, entry.is_top])).toEqual([
      [2, 1, true],
      [4, 1, true],
      [3, 3, false],
      [1, 4, false],
    ]);
  });

  it('has no top score when no option has a total', () => {
    expect(
      topScore(
        rankOptions(
          new Map([
            [1, null],
            [2, null],
          ]),
        ),
      ),
    ).toBeNull();
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
