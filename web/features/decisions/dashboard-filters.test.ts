import { describe, expect, it } from 'vitest';
import type { DecisionListItem } from '../../../shared/api/decisions.ts';
import { filterDecisions, isDashboardFilter } from './dashboard-filters.ts';

function decision(overrides: Partial<DecisionListItem>): DecisionListItem {
  return {
    id: 1,
    user_id: 1,
    name: 'Decision',
    title: 'Decision',
    description: '',
    mode: 'manual',
    type: 'private',
    score: null,
    timer: null,
    created_at: '2026-01-01T10:00:00.000Z',
    updated_at: '2026-01-01T10:00:00.000Z',
    is_team: false,
    role: 'owner',
    ...overrides,
  };
}

const list = [
  decision({ id: 1, name: 'New car', mode: 'ai', created_at: '2026-01-01T10:00:00.000Z' }),
  decision({
    id: 2,
    name: 'Team offsite',
    type: 'team',
    is_team: true,
    created_at: '2026-03-01T10:00:00.000Z',
  }),
  decision({ id: 3, name: 'Public CAR rental', type: 'public', created_at: '2026-02-01T10:00:00.000Z' }),
];

describe('filterDecisions', () => {
  it('lists newest created first', () => {
    expect(filterDecisions(list, 'newest', '').map((d) => d.id)).toEqual([2, 3, 1]);
  });

  it('treats every type but team as solo', () => {
    expect(filterDecisions(list, 'solo', '').map((d) => d.id)).toEqual([3, 1]);
    expect(filterDecisions(list, 'team', '').map((d) => d.id)).toEqual([2]);
  });

  it('filters by mode', () => {
    expect(filterDecisions(list, 'ai', '').map((d) => d.id)).toEqual([1]);
    expect(filterDecisions(list, 'manual', '').map((d) => d.id)).toEqual([2, 3]);
  });

  it('searches names case-insensitively as a substring, combined with the filter', () => {
    expect(filterDecisions(list, 'newest', '  car ').map((d) => d.id)).toEqual([3, 1]);
    expect(filterDecisions(list, 'ai', 'car').map((d) => d.id)).toEqual([1]);
    expect(filterDecisions(list, 'newest', 'boat')).toEqual([]);
  });
});

describe('isDashboardFilter', () => {
  it('accepts the five filters only', () => {
    expect(['newest', 'solo', 'team', 'manual', 'ai'].every(isDashboardFilter)).toBe(true);
    expect(isDashboardFilter('archived')).toBe(false);
    expect(isDashboardFilter(null)).toBe(false);
  });
});
