import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Plus, Search, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../components/ui/Button.tsx';
import { ErrorNotice } from '../components/ui/ErrorNotice.tsx';
import { LoadingNotice } from '../components/ui/LoadingNotice.tsx';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { inputClasses } from '../components/ui/TextField.tsx';
import { serverMessageOf } from '../lib/api-client.ts';
import { useFormatters } from '../lib/format.ts';
import {
  DASHBOARD_FILTERS,
  filterDecisions,
  isDashboardFilter,
  type DashboardFilter,
} from '../features/decisions/dashboard-filters.ts';
import { DecisionCard } from '../features/decisions/DecisionCard.tsx';
import { useDecisionsQuery } from '../features/decisions/decisions-api.ts';
import { DeleteDecisionDialog } from '../features/decisions/DeleteDecisionDialog.tsx';

// Cards render a page at a time, so thousands of decisions stay fast; filtering runs in memory.
const PAGE_SIZE = 24;

export default function DashboardPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const decisions = useDecisionsQuery();
  // Search and filter live in the URL, so coming back from a decision keeps them. The search box has
  // its own state: fast typing must not wait for the URL to update between keystrokes.
  const [searchParams, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState(() => searchParams.get('q') ?? '');
  const filterParam = searchParams.get('filter');
  const filter: DashboardFilter = isDashboardFilter(filterParam) ? filterParam : 'newest';
  const deferredSearch = useDeferredValue(search);
  const [visibleCount, setVisibleCount] = useState(PAGE_SIZE);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const openDeleteDialog = useCallback((id: number) => setDeletingId(id), []);

  const matching = useMemo(
    () => filterDecisions(decisions.data ?? [], filter, deferredSearch),
    [decisions.data, filter, deferredSearch],
  );
  const visible = matching.slice(0, visibleCount);

  useEffect(() => {
    if ((new URLSearchParams(window.location.search).get('q') ?? '') === deferredSearch) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (deferredSearch) next.set('q', deferredSearch);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [deferredSearch, setSearchParams]);

  function chooseFilter(option: DashboardFilter) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (option === 'newest') next.delete('filter');
        else next.set('filter', option);
        return next;
      },
      { replace: true },
    );
    setVisibleCount(PAGE_SIZE);
  }

  let content;
  if (decisions.isPending) {
    content = <LoadingNotice text={t('dashboard.loading')} />;
  } else if (decisions.isError) {
    content = (
      <ErrorNotice message={serverMessageOf(decisions.error) ?? t('dashboard.loadFailed')}>
        <Button variant="secondary" className="self-start" onClick={() => void decisions.refetch()}>
          {t('common.retry')}
        </Button>
      </ErrorNotice>
    );
  } else if (matching.length === 0) {
    content = (
      <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
        <p className="font-medium text-slate-800 dark:text-slate-200">{t('dashboard.empty')}</p>
        {decisions.data.length === 0 ? (
          <ButtonLink to="/new-decision" className="mt-4">
            <Plus aria-hidden size={16} />
            {t('dashboard.createFirst')}
          </ButtonLink>
        ) : null}
      </div>
    );
  } else {
    content = (
      <>
        <ul
          aria-label={t('dashboard.listLabel')}
          className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3"
        >
          {visible.map((decision) => (
            <DecisionCard key={decision.id} decision={decision} format={format} onDelete={openDeleteDialog} />
          ))}
        </ul>
        {matching.length > visible.length ? (
          <div className="mt-6 flex justify-center">
            <Button variant="secondary" onClick={() => setVisibleCount((count) => count + PAGE_SIZE)}>
              {t('dashboard.showMore', { count: Math.min(PAGE_SIZE, matching.length - visible.length) })}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <PageHeader
          title={t('pages.dashboard')}
          titleAddon={
            decisions.data ? (
              <span className="ml-3 inline-flex min-w-9 items-center justify-center rounded-full bg-indigo-100 px-2.5 align-middle text-base font-semibold text-indigo-800 tabular-nums dark:bg-indigo-950 dark:text-indigo-200">
                <span className="sr-only">(</span>
                {decisions.data.length}
                <span className="sr-only">)</span>
              </span>
            ) : null
          }
        />
        <div className="flex flex-wrap gap-2 sm:justify-end">
          <ButtonLink to="/new-decision">
            <Plus aria-hidden size={16} />
            {t('dashboard.newDecision')}
          </ButtonLink>
          <ButtonLink to="/new-team-decision" variant="secondary">
            <Users aria-hidden size={16} />
            {t('dashboard.newTeamDecision')}
          </ButtonLink>
        </div>
      </div>

      <div className="mb-6 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div className="relative w-full lg:max-w-sm">
          <label htmlFor="decision-search" className="sr-only">
            {t('dashboard.search')}
          </label>
          <Search
            aria-hidden
            size={16}
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500 dark:text-slate-400"
          />
          <input
            id="decision-search"
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setVisibleCount(PAGE_SIZE);
            }}
            placeholder={t('dashboard.searchPlaceholder')}
            className={`${inputClasses} h-10 pl-9`}
          />
        </div>
        <div role="group" aria-label={t('dashboard.filterLabel')} className="flex flex-wrap gap-1.5">
          {DASHBOARD_FILTERS.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={filter === option}
              onClick={() => chooseFilter(option)}
              className="h-9 rounded-full border border-slate-300 px-4 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 aria-pressed:border-indigo-600 aria-pressed:bg-indigo-600 aria-pressed:text-white dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800 dark:aria-pressed:border-indigo-500 dark:aria-pressed:bg-indigo-600"
            >
              {t(`dashboard.filters.${option}`)}
            </button>
          ))}
        </div>
      </div>

      {decisions.data && decisions.data.length > 0 ? (
        <p role="status" className="mb-4 text-sm text-slate-600 dark:text-slate-400">
          {t('dashboard.showing', {
            shown: format.plain(visible.length),
            total: format.plain(matching.length),
          })}
        </p>
      ) : null}

      {content}

      <DeleteDecisionDialog decisionId={deletingId} onClose={() => setDeletingId(null)} />
    </>
  );
}
