import { describe, expect, it } from 'vitest';
import type { DecisionListItem } from '../../../shared/api/decisions.ts';
import {
  arrangeDecisions,
  isDashboardFilter,
  isDashboardSort,
  sortedNewestFirst,
  type DashboardView,
} from './dashboard-filters.ts';

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
    results_visibility: 'always',
    created_at: '2026-01-01T10:00:00.000Z',
    updated_at: '2026-01-01T10:00:00.000Z',
    is_team: false,
    role: 'owner',
    status: 'open',
    lock: null,
    leading_option: null,
    outcome_option: null,
    participation: null,
    results_hidden_until: null,
    ...overrides,
  };
}

const leading = (total: number) => ({ id: 1, name: 'Option', total });

const list = [
  decision({
    id: 1,
    name: 'New car',
    mode: 'ai',
    created_at: '2026-01-01T10:00:00.000Z',
    leading_option: leading(6.5),
  }),
  decision({
    id: 2,
    name: 'Team offsite',
    type: 'team',
    is_team: true,
    created_at: '2026-03-01T10:00:00.000Z',
  }),
  decision({
    id: 3,
    name: 'Public CAR rental',
    type: 'public',
    created_at: '2026-02-01T10:00:00.000Z',
    leading_option: leading(8),
  }),
];

const view = (overrides: Partial<DashboardView> = {}): DashboardView => ({
  filter: 'all',
  sort: 'newest',
  search: '',
  locale: 'en',
  ...overrides,
});
const idsOf = (decisions: DecisionListItem[]) => decisions.map((d) => d.id);

describe('arrangeDecisions', () => {
  it('lists newest created first by default, or oldest first', () => {
    expect(idsOf(arrangeDecisions(list, view()))).toEqual([2, 3, 1]);
    expect(idsOf(arrangeDecisions(list, view({ sort: 'oldest' })))).toEqual([1, 3, 2]);
    expect(idsOf(sortedNewestFirst(list))).toEqual([2, 3, 1]);
  });

  it('sorts by name in the reader’s language, numbers by their value', () => {
    const named = [
      decision({ id: 1, name: 'Option 10' }),
      decision({ id: 2, name: 'option 2' }),
      decision({ id: 3, name: 'Äpfel' }),
      decision({ id: 4, name: 'Birnen' }),
    ];
    expect(idsOf(arrangeDecisions(named, view({ sort: 'name', locale: 'de' })))).toEqual([3, 4, 2, 1]);
  });

  it('sorts by the leading total, highest first, decisions without one last', () => {
    expect(idsOf(arrangeDecisions(list, view({ sort: 'score' })))).toEqual([3, 1, 2]);
  });

  it('treats every type but team as solo', () => {
    expect(idsOf(arrangeDecisions(list, view({ filter: 'solo' })))).toEqual([3, 1]);
    expect(idsOf(arrangeDecisions(list, view({ filter: 'team' })))).toEqual([2]);
  });

  it('filters by mode', () => {
    expect(idsOf(arrangeDecisions(list, view({ filter: 'ai' })))).toEqual([1]);
    expect(idsOf(arrangeDecisions(list, view({ filter: 'manual' })))).toEqual([2, 3]);
  });

  it('searches names case-insensitively as a substring, combined with the filter and the sort', () => {
    expect(idsOf(arrangeDecisions(list, view({ search: '  car ' })))).toEqual([3, 1]);
    expect(idsOf(arrangeDecisions(list, view({ search: 'car', sort: 'oldest' })))).toEqual([1, 3]);
    expect(idsOf(arrangeDecisions(list, view({ filter: 'ai', search: 'car' })))).toEqual([1]);
    expect(arrangeDecisions(list, view({ search: 'boat' }))).toEqual([]);
  });
});

describe('isDashboardFilter and isDashboardSort', () => {
  it('accept the five filters and the four orders only', () => {
    expect(['all', 'solo', 'team', 'manual', 'ai'].every(isDashboardFilter)).toBe(true);
    expect(isDashboardFilter('newest')).toBe(false);
    expect(isDashboardFilter(null)).toBe(false);
    expect(['newest', 'oldest', 'name', 'score'].every(isDashboardSort)).toBe(true);
    expect(isDashboardSort('archived')).toBe(false);
    expect(isDashboardSort(null)).toBe(false);
  });
});
