import type { DecisionListItem } from '../../../shared/api/decisions.ts';

export const DASHBOARD_FILTERS = ['newest', 'solo', 'team', 'manual', 'ai'] as const;
export type DashboardFilter = (typeof DASHBOARD_FILTERS)[number];

export function isDashboardFilter(value: string | null): value is DashboardFilter {
  return DASHBOARD_FILTERS.some((filter) => filter === value);
}

const MATCHES: Record<DashboardFilter, (decision: DecisionListItem) => boolean> = {
  newest: () => true,
  // SPEC.md: anything that is not a team decision counts as solo.
  solo: (decision) => decision.type !== 'team',
  team: (decision) => decision.type === 'team',
  manual: (decision) => decision.mode === 'manual',
  ai: (decision) => decision.mode === 'ai',
};

/** Newest created first, narrowed by the filter and a case-insensitive substring of the name. */
export function filterDecisions(
  decisions: readonly DecisionListItem[],
  filter: DashboardFilter,
  search: string,
): DecisionListItem[] {
  const needle = search.trim().toLocaleLowerCase();
  return decisions
    .filter(
      (decision) =>
        MATCHES[filter](decision) && (!needle || decision.name.toLocaleLowerCase().includes(needle)),
    )
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}
