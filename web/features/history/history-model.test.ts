import { describe, expect, it } from 'vitest';
import {
  dayKeyOf,
  groupHistoryByDay,
  mergeHistoryPages,
  nextHistoryCursor,
  versionEntryIds,
} from './history-model.ts';
import type { HistoryEntry } from './history-types.ts';

function entry(id: number, at: string, version_id: number | null = null): HistoryEntry {
  return {
    id,
    at,
    kind: 'edited',
    actor: { user_id: 1, display_name: 'Ada' },
    subject: null,
    changes: [],
    version_id,
  };
}

describe('mergeHistoryPages', () => {
  it('joins the pages newest first and keeps an entry two pages hold once', () => {
    const first = { entries: [entry(9, '2026-11-28T10:00:00Z'), entry(8, '2026-11-28T09:00:00Z')] };
    const second = { entries: [entry(8, '2026-11-28T09:00:00Z'), entry(5, '2026-11-27T09:00:00Z')] };
    expect(mergeHistoryPages([first, second]).map((item) => item.id)).toEqual([9, 8, 5]);
  });

  it('orders by id whatever order the pages came in', () => {
    const older = { entries: [entry(2, '2026-11-20T09:00:00Z')] };
    const newer = { entries: [entry(7, '2026-11-28T09:00:00Z')] };
    expect(mergeHistoryPages([older, newer]).map((item) => item.id)).toEqual([7, 2]);
  });

  it('is empty without pages', () => {
    expect(mergeHistoryPages([])).toEqual([]);
  });
});

describe('nextHistoryCursor', () => {
  it('is the next_before of a page, and undefined on the last page', () => {
    expect(nextHistoryCursor({ next_before: 41 })).toBe(41);
    expect(nextHistoryCursor({ next_before: null })).toBeUndefined();
  });
});

describe('groupHistoryByDay', () => {
  const now = new Date('2026-11-28T12:00:00Z');

  it('groups by the reader’s calendar day, newest day first, and names today and yesterday', () => {
    const days = groupHistoryByDay(
      [
        entry(4, '2026-11-28T11:00:00Z'),
        entry(3, '2026-11-28T08:00:00Z'),
        entry(2, '2026-11-27T10:00:00Z'),
        entry(1, '2026-11-20T10:00:00Z'),
      ],
      now,
      'Europe/Berlin',
    );
    expect(days.map((day) => [day.day, day.relative, day.entries.map((item) => item.id)])).toEqual([
      ['2026-11-28', 'today', [4, 3]],
      ['2026-11-27', 'yesterday', [2]],
      ['2026-11-20', null, [1]],
    ]);
  });

  it('puts a late evening in UTC on the next day in Berlin, and on the same day in New York', () => {
    const late = [entry(2, '2026-11-27T23:30:00Z'), entry(1, '2026-11-27T10:00:00Z')];
    expect(groupHistoryByDay(late, now, 'Europe/Berlin').map((day) => day.day)).toEqual([
      '2026-11-28',
      '2026-11-27',
    ]);
    expect(groupHistoryByDay(late, now, 'America/New_York').map((day) => day.day)).toEqual(['2026-11-27']);
  });

  it('keeps one group per day when a later page adds entries to a day already shown', () => {
    const days = groupHistoryByDay(
      [entry(5, '2026-11-26T15:00:00Z'), entry(4, '2026-11-25T15:00:00Z'), entry(3, '2026-11-26T09:00:00Z')],
      now,
      'UTC',
    );
    expect(days.map((day) => [day.day, day.entries.map((item) => item.id)])).toEqual([
      ['2026-11-26', [5, 3]],
      ['2026-11-25', [4]],
    ]);
  });

  it('knows the day before the first of a month and of a year', () => {
    expect(
      groupHistoryByDay([entry(1, '2026-12-31T12:00:00Z')], new Date('2027-01-01T12:00:00Z'), 'UTC')[0]
        ?.relative,
    ).toBe('yesterday');
  });
});

describe('dayKeyOf', () => {
  it('writes the day as YYYY-MM-DD in the given zone', () => {
    expect(dayKeyOf('2026-03-01T00:30:00Z', 'UTC')).toBe('2026-03-01');
    expect(dayKeyOf('2026-03-01T00:30:00Z', 'America/Los_Angeles')).toBe('2026-02-28');
  });
});

describe('versionEntryIds', () => {
  it('offers one entry per saved version, the newest of the save', () => {
    const entries = [
      entry(9, '2026-11-28T10:00:00Z', 3),
      entry(8, '2026-11-28T10:00:00Z', 3),
      entry(7, '2026-11-28T09:00:00Z', null),
      entry(6, '2026-11-28T08:00:00Z', 2),
    ];
    expect([...versionEntryIds(entries)]).toEqual([9, 6]);
  });
});
