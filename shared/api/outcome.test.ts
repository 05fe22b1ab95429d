import { describe, expect, it } from 'vitest';
import { earliestTodayOnEarth, outcomeRequestSchema } from './outcome.ts';

const issuesOf = (input: unknown) =>
  outcomeRequestSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ??
  [];

describe('outcomeRequestSchema', () => {
  it('trims the rationale, defaults it to empty and the review day to none', () => {
    expect(outcomeRequestSchema.parse({ option_id: 3, rationale: '  Cheaper.  ' })).toEqual({
      option_id: 3,
      rationale: 'Cheaper.',
      review_on: null,
    });
    expect(outcomeRequestSchema.parse({ option_id: 3 })).toMatchObject({ rationale: '' });
  });

  it('takes a real calendar day from the earliest today on Earth on', () => {
    const today = earliestTodayOnEarth();
    expect(outcomeRequestSchema.parse({ option_id: 1, review_on: today }).review_on).toBe(today);
    expect(issuesOf({ option_id: 1, review_on: '2000-01-01' })).toEqual([
      ['review_on', 'validation.reviewOnPast'],
    ]);
    expect(issuesOf({ option_id: 1, review_on: '2099-02-29' })).toEqual([
      ['review_on', 'validation.reviewOnDate'],
    ]);
    expect(issuesOf({ option_id: 1, review_on: '2099-2-1' })).toEqual([
      ['review_on', 'validation.reviewOnDate'],
    ]);
  });

  it('names an option id that is no id', () => {
    expect(issuesOf({ option_id: 0 }).map(([path]) => path)).toEqual(['option_id']);
    expect(issuesOf({}).map(([path]) => path)).toEqual(['option_id']);
  });
});

describe('earliestTodayOnEarth', () => {
  it('is the date in UTC−12: a user anywhere may pick their own today', () => {
    expect(earliestTodayOnEarth(Date.parse('2030-06-01T11:59:00Z'))).toBe('2030-05-31');
    expect(earliestTodayOnEarth(Date.parse('2030-06-01T12:00:00Z'))).toBe('2030-06-01');
  });
});
