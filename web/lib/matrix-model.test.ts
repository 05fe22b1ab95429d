import { describe, expect, it } from 'vitest';
import { findDuplicateNames } from '../../shared/api/decisions.ts';
import {
  cellKey,
  cellProblemOf,
  cellValueOf,
  clampPercent,
  duplicateIndexes,
  isInvalidCell,
  newRowKey,
  parseCellValue,
  rankScoreGrid,
  reserveRowKeysIn,
} from './matrix-model.ts';

const team = { min: 0, max: 10 };
const personal = { min: 1, max: 10 };

describe('matrix model', () => {
  it('gives every new row its own key', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newRowKey()));
    expect(keys.size).toBe(50);
  });

  it('never gives a new row a key that restored values already use', () => {
    const restored = { options: [{ rowKey: 'row-900' }], scores: { 'row-900|row-901': '7' } };
    reserveRowKeysIn(restored);
    expect(Number(newRowKey().slice('row-'.length))).toBeGreaterThan(901);
  });

  it('names why a cell cannot be kept: a decimal is never rounded, a number off the scale is refused', () => {
    expect(cellProblemOf('7.5', personal)).toBe('notWhole');
    expect(cellProblemOf('7,', personal)).toBe('notWhole');
    expect(cellProblemOf('.5', team)).toBe('notWhole');
    expect(cellProblemOf('0', personal)).toBe('offScale');
    expect(cellProblemOf('11', team)).toBe('offScale');
    expect(cellProblemOf('0', team)).toBeNull();
    expect(cellProblemOf('', personal)).toBeNull();
    expect(cellProblemOf('10', personal)).toBeNull();
  });

  it('keys a cell by its option and criterion row', () => {
    expect(cellKey('row-1', 'row-2')).toBe('row-1|row-2');
    expect(cellKey(3, 4)).not.toBe(cellKey(34, ''));
  });

  it('reads whole numbers on the scale and flags everything else', () => {
    expect(parseCellValue('', team)).toEqual({ kind: 'empty' });
    expect(parseCellValue(undefined, team)).toEqual({ kind: 'empty' });
    expect(parseCellValue(' 7 ', team)).toEqual({ kind: 'value', value: 7 });
    expect(parseCellValue('0', team)).toEqual({ kind: 'value', value: 0 });
    expect(parseCellValue('0', personal)).toEqual({ kind: 'invalid' });
    expect(parseCellValue('11', team)).toEqual({ kind: 'invalid' });
    expect(parseCellValue('2.5', team)).toEqual({ kind: 'invalid' });
    expect(parseCellValue('-1', team)).toEqual({ kind: 'invalid' });
    expect(cellValueOf('10', personal)).toBe(10);
    expect(cellValueOf('x', personal)).toBeNull();
    expect(isInvalidCell('x', personal)).toBe(true);
    expect(isInvalidCell('', personal)).toBe(false);
  });

  it('finds repeated names by the same rule as the server', () => {
    const names = ['Car', ' car ', 'Bike', '', '', 'BIKE', 'Train'];
    expect([...duplicateIndexes(names)]).toEqual([1, 5]);
    expect([...duplicateIndexes(names)]).toEqual(findDuplicateNames(names));
  });

  it('clamps typed percentages', () => {
    expect(clampPercent('')).toBeNull();
    expect(clampPercent('abc')).toBeNull();
    expect(clampPercent('150')).toBe(100);
    expect(clampPercent('-3')).toBe(0);
    expect(clampPercent('33.6')).toBe(34);
  });

  describe('rankScoreGrid', () => {
    const grid = (rows: string[][]) => (row: number, column: number) => rows[row]?.[column];
    /** A personal grid of `rows` (one per option) ranked with `importances` and must-have `minimums`. */
    const rankRows = (importances: number[], rows: string[][], minimums?: (number | null)[]) =>
      rankScoreGrid(rows.length, importances, grid(rows), personal, minimums);

    it('ranks rows by Σ value × importance / Σ importance, best first, ties in input order', () => {
      // Importances 30 + 30 = 60: totals stay on the scale (7 and 7, not 4.2 "out of 6").
      const ranking = rankRows(
        [30, 30],
        [
          ['4', '4'],
          ['7', '7'],
          ['9', '5'],
        ],
      );
      expect(ranking.map((entry) => [entry.option_id, entry.total, entry.rank, entry.is_top])).toEqual([
        [1, 7, 1, true],
        [2, 7, 1, true],
        [0, 4, 3, false],
      ]);
    });

    it('gives a row with an off-scale cell no total instead of computing with 0 or 11', () => {
      const ranking = rankRows(
        [50, 50],
        [
          ['0', '10'],
          ['11', '10'],
          ['6', ''],
        ],
      );
      // Ranked, but none is the best while cells are off the scale or empty (issue 25).
      expect(ranking).toEqual([
        { option_id: 2, total: 3, rank: 1, is_top: false, knocked_out: false },
        { option_id: 0, total: null, rank: null, is_top: false, knocked_out: false },
        { option_id: 1, total: null, rank: null, is_top: false, knocked_out: false },
      ]);
      // On the team scale a 0 is a vote like any other.
      expect(rankScoreGrid(1, [50, 50], grid([['0', '10']]), team)[0]?.total).toBe(5);
    });

    it('names no best row while a row that is not knocked out has an empty cell', () => {
      const complete = grid([
        ['8', '6'],
        ['4', '5'],
      ]);
      expect(rankScoreGrid(2, [50, 50], complete, personal)[0]).toMatchObject({ option_id: 0, is_top: true });
      const incomplete = grid([
        ['8', '6'],
        ['4', ''],
      ]);
      expect(rankScoreGrid(2, [50, 50], incomplete, personal).map((entry) => entry.is_top)).toEqual([
        false,
        false,
      ]);
      // An empty cell of a knocked-out row does not hold the result back.
      expect(rankScoreGrid(2, [50, 50], incomplete, personal, [null, 5])[0]).toMatchObject({
        option_id: 0,
        is_top: true,
      });
    });

    it('knocks a row below a must-have minimum, or without a value there, out of the top', () => {
      const ranking = rankRows(
        [50, 50],
        [
          ['10', '3'],
          ['6', '6'],
          ['9', ''],
        ],
        [null, 5],
      );
      expect(ranking.map((entry) => [entry.option_id, entry.rank, entry.is_top, entry.knocked_out])).toEqual([
        [1, 1, true, false],
        [0, 2, false, true],
        [2, 3, false, true],
      ]);
    });
  });
});
