import { describe, expect, it } from 'vitest';
import { readNumber } from './number-notation.ts';

describe('readNumber', () => {
  it.each([
    ['1,299.50', 'en', 1299.5],
    ['1,299.50', 'de', 1299.5],
    ['1.299,50', 'de', 1299.5],
    ['1.299,50', 'en', 1299.5],
    ['1,299', 'en', 1299],
    ['1,299', 'de', 1.299],
    ['1.299', 'en', 1.299],
    ['1.299', 'de', 1299],
    ['7', 'en', 7],
    ['-3,5', 'de', -3.5],
    ['−2', 'en', -2],
    ['1 299,5', 'de', 1299.5],
    ["'-4", 'en', -4],
    ['12.000.000', 'de', 12_000_000],
    ['.5', 'en', 0.5],
  ] as const)('reads %s for a caller in %s as %d', (text, language, value) => {
    expect(readNumber(text, language)).toEqual({ value });
  });

  it.each([
    ['1,5', 'en'],
    ['12.5', 'de'],
    ['4,25', 'en'],
  ] as const)(
    'calls %s ambiguous for a caller in %s (only the other notation fits, one separator)',
    (text, language) => {
      expect(readNumber(text, language)).toEqual({ problem: 'ambiguous' });
    },
  );

  it.each(['abc', '1.2.3,4,5', '12 €', '', '1e5', '--1', '1,2,3'])('cannot read %j', (text) => {
    expect(readNumber(text, 'en')).toEqual({ problem: 'unreadable' });
  });
});
