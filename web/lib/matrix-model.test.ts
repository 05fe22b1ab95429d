import { describe, expect, it } from 'vitest';
import { findDuplicateNames } from '../../shared/api/decisions.ts';
import {
  cellKey,
  cellValueOf,
  clampPercent,
  duplicateIndexes,
  isInvalidCell,
  newRowKey,
  parseCellValue,
} from './matrix-model.ts';

const team = { min: 0, max: 10 };
const personal = { min: 1, max: 10 };

describe('matrix model', () => {
  it('gives every new row its own key', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newRowKey()));
    expect(keys.size).toBe(50);
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
});
