import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countedImportance, importancesScaledToHundred, summarizeImportances } from './importance-shares.ts';

describe('countedImportance', () => {
  it('reads typed text and numbers; empty, non-numeric and negative entries count nowhere', () => {
    expect(countedImportance('30')).toBe(30);
    expect(countedImportance(' 12.5 ')).toBe(12.5);
    expect(countedImportance(0)).toBe(0);
    expect(countedImportance('')).toBeNull();
    expect(countedImportance('  ')).toBeNull();
    expect(countedImportance('abc')).toBeNull();
    expect(countedImportance('-5')).toBeNull();
    expect(countedImportance(undefined)).toBeNull();
    expect(countedImportance(Number.NaN)).toBeNull();
  });
});

describe('summarizeImportances', () => {
  it('shows each importance as its share of the sum: 30 of 120 is 25 %', () => {
    expect(summarizeImportances([30, 60, 30])).toEqual({ sum: 120, shares: [25, 50, 25], canScale: true });
  });

  it('rounds shares so they still add up to 100, and leaves empty rows out', () => {
    expect(summarizeImportances([10, null, 10, 10])).toEqual({
      sum: 30,
      shares: [34, null, 33, 33],
      canScale: true,
    });
  });

  it('offers no scaling when the sum is 0 or already 100', () => {
    expect(summarizeImportances([0, 0])).toEqual({ sum: 0, shares: [null, null], canScale: false });
    expect(summarizeImportances([])).toEqual({ sum: 0, shares: [], canScale: false });
    expect(summarizeImportances([50, 30, 20]).canScale).toBe(false);
    expect(summarizeImportances([33.3, 33.3, 33.4]).canScale).toBe(false);
  });
});

describe('importancesScaledToHundred', () => {
  it('keeps the proportions in whole numbers that add up to 100; empty rows stay empty', () => {
    expect(importancesScaledToHundred([30, 60, 30])).toEqual([25, 50, 25]);
    expect(importancesScaledToHundred([1, null, 1, 1])).toEqual([34, null, 33, 33]);
  });

  it('always adds up to 100 when anything has weight', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 0, max: 100 })), { maxLength: 30 }), (importances) => {
        const scaled = importancesScaledToHundred(importances);
        const sum = scaled.reduce<number>((total, value) => total + (value ?? 0), 0);
        const hasWeight = importances.some((importance) => (importance ?? 0) > 0);
        expect(sum).toBe(hasWeight ? 100 : 0);
        expect(scaled.map((value) => value === null)).toEqual(importances.map((value) => value === null));
      }),
    );
  });
});
