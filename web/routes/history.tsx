import { ArrowRight } from 'lucide-react';
import { ErrorNotice } from '../components/ui/ErrorNotice.tsx';
import { LoadingNotice } from '../components/ui/LoadingNotice.tsx';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { TextLink } from '../components/ui/TextLink.tsx';
import { serverMessageOf } from '../lib/api-client.ts';
import { useLocale } from '../lib/format.ts';
import { cardsOf, useDecisionPagesQuery } from '../features/decisions/decisions-api.ts';
import { ShowMoreDecisions } from '../features/decisions/ShowMoreDecisions.tsx';

const PAGE_SIZE = 50;
// The server's newest-first order, a page at a time (GET /api/decision pages its answer).
const HISTORY_PARAMS = new URLSearchParams({ sort: 'newest', limit: String(PAGE_SIZE) });

/** My Decisions: every saved decision, newest first, with its creation time and a link to it. */
export default function HistoryPage() {
  const { t, format } = useLocale();
  const decisions = useDecisionPagesQuery(HISTORY_PARAMS);
  const newestFirst = cardsOf(decisions.data);

  let content;
  if (decisions.isPending) content = <LoadingNotice text={t('history.loading')} />;
  else if (decisions.isError) {
    content = <ErrorNotice message={serverMessageOf(decisions.error) ?? t('dashboard.loadFailed')} />;
  } else if (newestFirst.length === 0) {
    content = (
      <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
        {t('history.empty')}
      </p>
    );
  } else {
    content = (
      <>
        <ol className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {newestFirst.map((decision) => (
            <li
              key={decision.id}
              className="flex flex-col gap-1 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
            >
              <div className="min-w-0">
                <h2 className="truncate font-semibold text-slate-900 dark:text-white">{decision.name}</h2>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  <time dateTime={decision.created_at}>{format.dateTime(decision.created_at)}</time>
                </p>
              </div>
              <TextLink
                to={`/decision/${decision.id}`}
                aria-label={`${t('history.viewDetails')}: ${decision.name}`}
                className="inline-flex shrink-0 items-center gap-1 text-sm"
              >
                {t('history.viewDetails')}
                <ArrowRight aria-hidden size={14} />
              </TextLink>
            </li>
          ))}
        </ol>
        <ShowMoreDecisions pages={decisions} pageSize={PAGE_SIZE} />
      </>
    );
  }

  return (
    <div className="max-w-3xl">
      <PageHeader title={t('pages.history')} lead={t('history.lead')} />
      {content}
    </div>
  );
}
