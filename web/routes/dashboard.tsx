import { useDeferredValue, useEffect, useState } from 'react';
import { Plus, Search, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { DecisionListItem } from '../../shared/api/decisions.ts';
import { Button, ButtonLink } from '../components/ui/Button.tsx';
import { ErrorNotice } from '../components/ui/ErrorNotice.tsx';
import { LoadingNotice } from '../components/ui/LoadingNotice.tsx';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { inputClasses } from '../components/ui/TextField.tsx';
import { serverMessageOf } from '../lib/api-client.ts';
import { useFormatters } from '../lib/format.ts';
import {
  DASHBOARD_FILTERS,
  DASHBOARD_SORTS,
  listParamsOf,
  type DashboardFilter,
  type DashboardSort,
} from '../features/decisions/dashboard-filters.ts';
import { dashboardParamsOf, PAGE_SIZE, withDashboardParam } from '../features/decisions/dashboard-model.ts';
import { DecisionCard } from '../features/decisions/DecisionCard.tsx';
import { cardsOf, totalOf, useDecisionPagesQuery } from '../features/decisions/decisions-api.ts';
import { DeleteDecisionDialog } from '../features/decisions/DeleteDecisionDialog.tsx';
import { ShowMoreDecisions } from '../features/decisions/ShowMoreDecisions.tsx';
import { useWorkspaceChoice } from '../features/workspaces/useWorkspaceChoice.ts';
import { workspaceFilterParam } from '../features/workspaces/workspace-choice.ts';

function NewDecisionButtons() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2">
      <ButtonLink to="/new-decision">
        <Plus aria-hidden size={16} />
        {t('dashboard.newDecision')}
      </ButtonLink>
      <ButtonLink to="/new-team-decision" variant="secondary">
        <Users aria-hidden size={16} />
        {t('dashboard.newTeamDecision')}
      </ButtonLink>
    </div>
  );
}

/** A first-time user has nothing to search or filter: what the app does, and where to start. */
function Welcome() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="welcome-heading"
      className="flex flex-col items-start gap-4 rounded-2xl border border-indigo-200 bg-indigo-50 p-6 sm:p-8 dark:border-indigo-900 dark:bg-indigo-950/40"
    >
      <h2 id="welcome-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t('dashboard.welcomeTitle')}
      </h2>
      <p className="max-w-2xl text-slate-700 dark:text-slate-300">{t('dashboard.welcomeText')}</p>
      <NewDecisionButtons />
    </section>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  // Search, filter and sort live in the URL, so coming back from a decision keeps them. The search
  // box has its own state: fast typing must not wait for the URL to update between keystrokes.
  const [searchParams, setSearchParams] = useSearchParams();
  const { filter, sort } = dashboardParamsOf(searchParams);
  const [search, setSearch] = useState(() => dashboardParamsOf(searchParams).search);
  const deferredSearch = useDeferredValue(search);
  const [deleting, setDeleting] = useState<Pick<DecisionListItem, 'id' | 'name'> | null>(null);
  // Issue 29: the navbar's workspace switcher narrows the list to Personal or one workspace.
  const { choice, workspaces } = useWorkspaceChoice();
  const workspaceName =
    choice === 'personal' ? null : (workspaces?.find((workspace) => workspace.id === choice)?.name ?? null);
  const listParams = listParamsOf({ filter, sort, search: deferredSearch }, PAGE_SIZE);
  listParams.set('workspace_id', workspaceFilterParam(choice));
  // Filter, search and order run on the server over all decisions; cards arrive a page at a time.
  const decisions = useDecisionPagesQuery(listParams);
  const cards = cardsOf(decisions.data);
  const total = totalOf(decisions.data);
  const isNarrowed = filter !== 'all' || deferredSearch.trim() !== '' || choice !== 'personal';
  const isFirstVisit = !isNarrowed && total === 0;

  useEffect(() => {
    if (dashboardParamsOf(new URLSearchParams(window.location.search)).search === deferredSearch) return;
    setSearchParams((current) => withDashboardParam(current, 'q', deferredSearch), { replace: true });
  }, [deferredSearch, setSearchParams]);

  /** Stores a choice in the URL; the list starts again at the first page of the new query. */
  function choose(param: 'filter' | 'sort', value: string) {
    setSearchParams((current) => withDashboardParam(current, param, value), { replace: true });
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
  } else if (isFirstVisit) {
    content = <Welcome />;
  } else if (cards.length === 0) {
    content = (
      <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
        <p className="font-medium text-slate-800 dark:text-slate-200">{t('dashboard.empty')}</p>
      </div>
    );
  } else {
    content = (
      <>
        <ul
          aria-label={t('dashboard.listLabel')}
          className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3"
        >
          {cards.map((decision) => (
            <DecisionCard key={decision.id} decision={decision} format={format} onDelete={setDeleting} />
          ))}
        </ul>
        <ShowMoreDecisions pages={decisions} pageSize={PAGE_SIZE} />
      </>
    );
  }

  return (
    <>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <PageHeader
          title={t('pages.dashboard')}
          lead={
            workspaces?.length ? (
              <span data-testid="dashboard-workspace">
                {workspaceName
                  ? t('workspaces.dashboard.showingWorkspace', { name: workspaceName })
                  : t('workspaces.dashboard.showingPersonal')}
              </span>
            ) : null
          }
          titleAddon={
            total !== undefined ? (
              <span className="ml-3 inline-flex min-w-9 items-center justify-center rounded-full bg-indigo-100 px-2.5 align-middle text-base font-semibold text-indigo-800 tabular-nums dark:bg-indigo-950 dark:text-indigo-200">
                <span className="sr-only">(</span>
                {format.plain(total)}
                <span className="sr-only">)</span>
              </span>
            ) : null
          }
        />
        {/* The welcome offers these itself. */}
        {isFirstVisit ? null : <NewDecisionButtons />}
      </div>

      {isFirstVisit ? null : (
        <DashboardToolbar
          search={search}
          sort={sort}
          filter={filter}
          onSearch={setSearch}
          onChoose={choose}
        />
      )}

      {total !== undefined && total > 0 ? (
        <p role="status" className="mb-4 text-sm text-slate-600 dark:text-slate-400">
          {t('dashboard.showing', { shown: format.plain(cards.length), total: format.plain(total) })}
        </p>
      ) : null}

      {content}

      <DeleteDecisionDialog
        decisionId={deleting?.id ?? null}
        decisionName={deleting?.name}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

interface DashboardToolbarProps {
  search: string;
  sort: DashboardSort;
  filter: DashboardFilter;
  onSearch: (search: string) => void;
  onChoose: (param: 'filter' | 'sort', value: string) => void;
}

/** Search box, sort order and the filter buttons. */
function DashboardToolbar({ search, sort, filter, onSearch, onChoose }: DashboardToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="mb-6 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative w-full sm:max-w-sm">
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
            onChange={(event) => onSearch(event.target.value)}
            placeholder={t('dashboard.searchPlaceholder')}
            className={`${inputClasses} h-10 pl-9`}
          />
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <label
            htmlFor="decision-sort"
            className="text-sm font-medium whitespace-nowrap text-slate-700 dark:text-slate-300"
          >
            {t('dashboard.sortLabel')}
          </label>
          <select
            id="decision-sort"
            value={sort}
            onChange={(event) => onChoose('sort', event.target.value)}
            className={`${inputClasses} h-10 w-auto`}
          >
            {DASHBOARD_SORTS.map((option) => (
              <option key={option} value={option}>
                {t(`dashboard.sort.${option}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div role="group" aria-label={t('dashboard.filterLabel')} className="flex flex-wrap gap-1.5">
        {DASHBOARD_FILTERS.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={filter === option}
            onClick={() => onChoose('filter', option)}
            className="h-9 rounded-full border border-slate-300 px-4 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 aria-pressed:border-indigo-600 aria-pressed:bg-indigo-600 aria-pressed:text-white dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800 dark:aria-pressed:border-indigo-500 dark:aria-pressed:bg-indigo-600"
          >
            {t(`dashboard.filters.${option}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
