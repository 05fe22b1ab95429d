import { describe, expect, it } from 'vitest';
import { leadingOptionIdOf, localToday } from './outcome-api.ts';

describe('leadingOptionIdOf', () => {
  const entry = (option_id: number, total: number | null, is_top: boolean) => ({
    option_id,
    total,
    rank: total === null ? null : 1,
    is_top,
    knocked_out: false,
  });

  it('is the first top option with a result, as the ranking lists them', () => {
    const ranking = [entry(4, 7.5, true), entry(2, 7.5, true), entry(9, 3, false)];
    expect(
      leadingOptionIdOf({
        results: { ranking, formula: '', complete: true, missing_cells: 0, no_result_reason: null },
      }),
    ).toBe(4);
  });

  it('is null while nobody voted', () => {
    expect(
      leadingOptionIdOf({
        results: {
          ranking: [entry(4, null, false)],
          formula: '',
          complete: true,
          missing_cells: 0,
          no_result_reason: null,
        },
      }),
    ).toBeNull();
  });
});

describe('localToday', () => {
  it('is the day in the browser’s zone, not in UTC (tests run in Europe/Berlin)', () => {
    // 23:30 UTC on 31 May is already 1 June in Berlin.
    expect(localToday(new Date('2030-05-31T23:30:00Z'))).toBe('2030-06-01');
  });
});
