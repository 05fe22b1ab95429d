import type { DecisionListItem } from '../../../shared/api/decisions.ts';

/** SPEC's filter buttons (Solo, Team, Manual, AI) and "All"; "Newest" is a sort order now. */
export const DASHBOARD_FILTERS = ['all', 'solo', 'team', 'manual', 'ai'] as const;
export type DashboardFilter = (typeof DASHBOARD_FILTERS)[number];

export const DASHBOARD_SORTS = ['newest', 'oldest', 'name', 'score'] as const;
export type DashboardSort = (typeof DASHBOARD_SORTS)[number];

export function isDashboardFilter(value: string | null): value is DashboardFilter {
  return DASHBOARD_FILTERS.some((filter) => filter === value);
}

export function isDashboardSort(value: string | null): value is DashboardSort {
  return DASHBOARD_SORTS.some((sort) => sort === value);
}

const MATCHES: Record<DashboardFilter, (decision: DecisionListItem) => boolean> = {
  all: () => true,
  // SPEC.md: anything that is not a team decision counts as solo.
  solo: (decision) => decision.type !== 'team',
  team: (decision) => decision.type === 'team',
  manual: (decision) => decision.mode === 'manual',
  ai: (decision) => decision.mode === 'ai',
};

type Compare = (a: DecisionListItem, b: DecisionListItem) => number;

const byNewest: Compare = (a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id;

/** Newest created first (SPEC.md: the dashboard's and My Decisions' order). */
export function sortedNewestFirst(decisions: readonly DecisionListItem[]): DecisionListItem[] {
  return [...decisions].sort(byNewest);
}

function comparatorOf(sort: DashboardSort, locale: string): Compare {
  switch (sort) {
    case 'newest':
      return byNewest;
    case 'oldest':
      return (a, b) => -byNewest(a, b);
    case 'name': {
      // "Option 2" before "Option 10", "äpfel" beside "Apfel".
      const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
      return (a, b) => collator.compare(a.name, b.name) || byNewest(a, b);
    }
    case 'score':
      // The leading option's total, highest first; decisions without one (nothing scored) last.
      return (a, b) =>
        (b.leading_option?.total ?? -Infinity) - (a.leading_option?.total ?? -Infinity) || byNewest(a, b);
  }
}

export interface DashboardView {
  filter: DashboardFilter;
  sort: DashboardSort;
  /** Case-insensitive substring of the name (SPEC.md section 9). */
  search: string;
  /** Language of the interface, for sorting by name. */
  locale: string;
}

/** The cards to show: narrowed by the filter and the search, in the chosen order. */
export function arrangeDecisions(
  decisions: readonly DecisionListItem[],
  { filter, sort, search, locale }: DashboardView,
): DecisionListItem[] {
  const needle = search.trim().toLocaleLowerCase();
  return decisions
    .filter(
      (decision) =>
        MATCHES[filter](decision) && (!needle || decision.name.toLocaleLowerCase().includes(needle)),
    )
    .sort(comparatorOf(sort, locale));
}
