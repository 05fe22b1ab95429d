import { DECISION_LIST_SORTS, type DecisionListQuery } from '../../../shared/api/decisions.ts';

/** SPEC's filter buttons (Solo, Team, Manual, AI) and "All"; "Newest" is a sort order now. */
export const DASHBOARD_FILTERS = ['all', 'solo', 'team', 'manual', 'ai'] as const;
export type DashboardFilter = (typeof DASHBOARD_FILTERS)[number];

/** The server's orders (GET /api/decision ?sort=): newest, oldest, name, score. */
export const DASHBOARD_SORTS = DECISION_LIST_SORTS;
export type DashboardSort = (typeof DASHBOARD_SORTS)[number];

export function isDashboardFilter(value: string | null): value is DashboardFilter {
  return DASHBOARD_FILTERS.some((filter) => filter === value);
}

export function isDashboardSort(value: string | null): value is DashboardSort {
  return DASHBOARD_SORTS.some((sort) => sort === value);
}

/** What a filter button asks the server for (SPEC.md: anything that is not a team decision is solo). */
const FILTER_PARAMS: Record<DashboardFilter, Pick<DecisionListQuery, 'type' | 'mode'>> = {
  all: {},
  solo: { type: 'solo' },
  team: { type: 'team' },
  manual: { mode: 'manual' },
  ai: { mode: 'ai' },
};

export interface DashboardView {
  filter: DashboardFilter;
  sort: DashboardSort;
  /** Case-insensitive substring of the name (SPEC.md section 9), searched over all decisions. */
  search: string;
}

/**
 * GET /api/decision's parameters for what the dashboard shows: filter, search and order run in the
 * database, so a search finds a decision however far down the list it is.
 */
export function listParamsOf({ filter, sort, search }: DashboardView, limit: number): URLSearchParams {
  const params = new URLSearchParams();
  const { type, mode } = FILTER_PARAMS[filter];
  if (type) params.set('type', type);
  if (mode) params.set('mode', mode);
  const needle = search.trim();
  if (needle) params.set('q', needle);
  params.set('sort', sort);
  params.set('limit', String(limit));
  return params;
}
