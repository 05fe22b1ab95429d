import { describe, expect, it } from 'vitest';
import { isDashboardFilter, isDashboardSort, listParamsOf } from './dashboard-filters.ts';

describe('listParamsOf', () => {
  it('asks the server for the newest first by default, a page at a time', () => {
    expect(listParamsOf({ filter: 'all', sort: 'newest', search: '' }, 24).toString()).toBe(
      'sort=newest&limit=24',
    );
  });

  it('turns Solo and Team into ?type=, Manual and AI into ?mode=', () => {
    const of = (filter: 'solo' | 'team' | 'manual' | 'ai') =>
      Object.fromEntries(listParamsOf({ filter, sort: 'name', search: '' }, 24));
    expect(of('solo')).toMatchObject({ type: 'solo', sort: 'name' });
    expect(of('team')).toMatchObject({ type: 'team' });
    expect(of('manual')).toMatchObject({ mode: 'manual' });
    expect(of('ai')).toMatchObject({ mode: 'ai' });
    expect(of('ai')).not.toHaveProperty('type');
  });

  it('sends the search without its surrounding spaces, and none when it is blank', () => {
    expect(listParamsOf({ filter: 'all', sort: 'score', search: '  Car ' }, 10).get('q')).toBe('Car');
    expect(listParamsOf({ filter: 'all', sort: 'score', search: '   ' }, 10).has('q')).toBe(false);
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
