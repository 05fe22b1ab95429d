import { describe, expect, it } from 'vitest';
import { resultsOf, scoredCell } from '../../test-support/details-fixtures.ts';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { editCellPath, firstEmptyCellOf, parseCellParam } from './empty-cells.ts';

type Input = Parameters<typeof firstEmptyCellOf>[0];

function detailsWith(
  filled: [optionId: number, criterionId: number, userId?: number][],
  knockedOut: number[] = [],
): Input {
  return {
    decision: { user_id: 1 } as DecisionDetails['decision'],
    options: [10, 11].map((id) => ({ id, decision_id: 1, name: `O${id}` })),
    criteria: [20, 21].map((id) => ({
      id,
      decision_id: 1,
      name: `C${id}`,
      importance: 50,
      minimum: null,
      anchors: null,
      kind: 'score' as const,
      unit: null,
      direction: null,
      worst: null,
      best: null,
    })),
    evaluations: filled.map(([option_id, criterion_id, user_id = 1]) =>
      scoredCell(option_id, criterion_id, 5, user_id),
    ),
    results: resultsOf(
      [10, 11].map((option_id) => ({
        option_id,
        total: null,
        rank: null,
        is_top: false,
        knocked_out: knockedOut.includes(option_id),
      })),
      { complete: false },
    ),
  };
}

describe('firstEmptyCellOf', () => {
  it('finds the first empty cell row by row', () => {
    expect(firstEmptyCellOf(detailsWith([[10, 20]]))).toEqual({ optionIndex: 0, criterionIndex: 1 });
    expect(
      firstEmptyCellOf(
        detailsWith([
          [10, 20],
          [10, 21],
        ]),
      ),
    ).toEqual({ optionIndex: 1, criterionIndex: 0 });
  });

  it('counts only the owner’s values and skips knocked-out options', () => {
    expect(firstEmptyCellOf(detailsWith([[10, 20, 2]]))).toEqual({ optionIndex: 0, criterionIndex: 0 });
    expect(firstEmptyCellOf(detailsWith([[11, 20]], [10]))).toEqual({ optionIndex: 1, criterionIndex: 1 });
  });

  it('is null when every counted cell has a value', () => {
    const full = detailsWith([
      [10, 20],
      [10, 21],
      [11, 20],
      [11, 21],
    ]);
    expect(firstEmptyCellOf(full)).toBeNull();
    expect(
      firstEmptyCellOf(
        detailsWith(
          [
            [10, 20],
            [10, 21],
          ],
          [11],
        ),
      ),
    ).toBeNull();
  });
});

describe('cell addresses', () => {
  it('round-trips a position through the edit path', () => {
    expect(editCellPath(7, { optionIndex: 1, criterionIndex: 2 })).toBe('/decision/7/edit?cell=1-2');
    expect(parseCellParam('1-2')).toEqual({ optionIndex: 1, criterionIndex: 2 });
  });

  it('ignores anything else', () => {
    for (const value of [null, '', '1', '1-', 'a-b', '-1-2', '1-2-3'])
      expect(parseCellParam(value)).toBeNull();
  });
});
