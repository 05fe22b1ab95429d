import { describe, expect, it } from 'vitest';
import { dashboardParamsOf, withDashboardParam } from './dashboard-model.ts';

describe('dashboard model', () => {
  it('reads filter, sort and search from the URL, unknown values as the defaults', () => {
    expect(dashboardParamsOf(new URLSearchParams('filter=team&sort=score&q=car'))).toEqual({
      filter: 'team',
      sort: 'score',
      search: 'car',
    });
    expect(dashboardParamsOf(new URLSearchParams('filter=mine&sort=random'))).toEqual({
      filter: 'all',
      sort: 'newest',
      search: '',
    });
  });

  it('stores a choice in the URL and leaves it clean for a default', () => {
    const params = new URLSearchParams('q=car&sort=name');
    expect(withDashboardParam(params, 'filter', 'ai').toString()).toBe('q=car&sort=name&filter=ai');
    expect(withDashboardParam(params, 'sort', 'newest').toString()).toBe('q=car');
    expect(withDashboardParam(params, 'q', '').toString()).toBe('sort=name');
    expect(withDashboardParam(params, 'q', 'van').get('q')).toBe('van');
    // The URL it came from stays as it was.
    expect(params.toString()).toBe('q=car&sort=name');
  });
});
