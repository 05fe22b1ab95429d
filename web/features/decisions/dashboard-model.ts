import {
  isDashboardFilter,
  isDashboardSort,
  type DashboardFilter,
  type DashboardSort,
} from './dashboard-filters.ts';

/**
 * The dashboard's state in its URL, so coming back from a decision keeps search, filter and sort;
 * each default leaves the URL clean.
 */
export const DASHBOARD_DEFAULTS = { filter: 'all', sort: 'newest' } as const;

// Cards load a page at a time from the server ("Show more" asks for the next one).
export const PAGE_SIZE = 24;

/** Filter, sort and search read from the URL; anything unknown falls back to the default. */
export function dashboardParamsOf(params: URLSearchParams): {
  filter: DashboardFilter;
  sort: DashboardSort;
  search: string;
} {
  const filter = params.get('filter');
  const sort = params.get('sort');
  return {
    filter: isDashboardFilter(filter) ? filter : DASHBOARD_DEFAULTS.filter,
    sort: isDashboardSort(sort) ? sort : DASHBOARD_DEFAULTS.sort,
    search: params.get('q') ?? '',
  };
}

/** The URL with one choice stored; the default (or an empty search) removes the parameter. */
export function withDashboardParam(
  params: URLSearchParams,
  param: 'filter' | 'sort' | 'q',
  value: string,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const defaultValue = param === 'q' ? '' : DASHBOARD_DEFAULTS[param];
  if (value === defaultValue) next.delete(param);
  else next.set(param, value);
  return next;
}
