import { useId, useMemo, useState } from 'react';
import { ChevronDown, History as HistoryIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { LoadingNotice } from '../../components/ui/LoadingNotice.tsx';
import { useNow } from '../../lib/use-now.ts';
import { entrySentence } from './entry-sentence.ts';
import { useHistoryQuery } from './history-api.ts';
import { groupHistoryByDay, versionEntryIds, type HistoryDay } from './history-model.ts';
import type { HistoryEntry } from './history-types.ts';
import { VersionDialog } from './VersionDialog.tsx';

interface HistorySectionProps {
  decisionId: number;
  /** Personal decisions: each save is a version that can be shown (and by the owner restored). */
  hasVersions: boolean;
  /** The owner of a personal decision may bring a version back. */
  canRestore: boolean;
}

/**
 * "History": what happened to the decision, newest first, grouped by the reader's days; each entry one
 * plain sentence and its time, "Show more" for older pages. An ordered list per day under a day heading,
 * so a screen reader can jump from day to day.
 */
export function HistorySection({ decisionId, hasVersions, canRestore }: HistorySectionProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const history = useHistoryQuery(decisionId);
  // The day headings say "Today" and "Yesterday": a page left open past midnight moves them on.
  const now = useNow(60_000);
  const days = useMemo(() => groupHistoryByDay(history.entries, new Date(now)), [history.entries, now]);
  const offered = useMemo(
    () => (hasVersions ? versionEntryIds(history.entries) : new Set<number>()),
    [hasVersions, history.entries],
  );
  const [shown, setShown] = useState<HistoryEntry | null>(null);
  const language = i18n.resolvedLanguage === 'de' ? 'de' : 'en';

  return (
    <Card>
      <section aria-labelledby={headingId} className="flex flex-col gap-4" data-testid="history">
        <h2
          id={headingId}
          className="flex items-center gap-2 text-xl font-semibold text-slate-900 dark:text-white"
        >
          <HistoryIcon aria-hidden size={20} />
          {t('historySection.title')}
        </h2>
        {history.isPending ? (
          <LoadingNotice text={t('historySection.loading')} />
        ) : history.isError && !history.entries.length ? (
          <InlineAlert>{t('historySection.loadFailed')}</InlineAlert>
        ) : !history.entries.length ? (
          <p className="text-slate-700 dark:text-slate-300">{t('historySection.empty')}</p>
        ) : (
          <div className="flex flex-col gap-5">
            {days.map((day) => (
              <HistoryDayGroup
                key={day.day}
                day={day}
                language={language}
                offered={offered}
                onShowVersion={setShown}
              />
            ))}
          </div>
        )}
        {history.hasNextPage ? (
          <Button
            variant="secondary"
            className="self-start"
            disabled={history.isFetchingNextPage}
            onClick={() => void history.fetchNextPage()}
          >
            <ChevronDown aria-hidden size={16} />
            {history.isFetchingNextPage ? t('historySection.loadingMore') : t('historySection.showMore')}
          </Button>
        ) : null}
        {history.isFetchNextPageError ? <InlineAlert>{t('historySection.moreFailed')}</InlineAlert> : null}
        <p className="sr-only" role="status">
          {history.entries.length ? t('historySection.count', { count: history.entries.length }) : ''}
        </p>
      </section>
      {shown?.version_id != null ? (
        <VersionDialog
          decisionId={decisionId}
          entry={shown}
          versionId={shown.version_id}
          canRestore={canRestore}
          onClose={() => setShown(null)}
        />
      ) : null}
    </Card>
  );
}

interface HistoryDayGroupProps {
  day: HistoryDay;
  language: 'en' | 'de';
  offered: Set<number>;
  onShowVersion: (entry: HistoryEntry) => void;
}

function HistoryDayGroup({ day, language, offered, onShowVersion }: HistoryDayGroupProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'full' }).format(
    new Date(`${day.day}T12:00:00`),
  );
  const time = new Intl.DateTimeFormat(language, { timeStyle: 'short' });
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold text-slate-700 dark:text-slate-300">
        {day.relative ? `${t(`historySection.${day.relative}`)} · ${date}` : date}
      </h3>
      <ol className="flex flex-col divide-y divide-slate-200 border-l-2 border-indigo-200 pl-4 dark:divide-slate-800 dark:border-indigo-900">
        {day.entries.map((entry) => (
          <li
            key={entry.id}
            data-testid="history-entry"
            className="flex flex-col gap-1 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
          >
            <p className="min-w-0 break-words text-slate-900 dark:text-slate-100">
              {entrySentence(entry, t, language)}
            </p>
            <div className="flex shrink-0 flex-wrap items-center gap-2">
              <time dateTime={entry.at} className="text-sm text-slate-600 dark:text-slate-400">
                {time.format(new Date(entry.at))}
              </time>
              {offered.has(entry.id) ? (
                <Button variant="ghost" size="sm" onClick={() => onShowVersion(entry)}>
                  {t('historySection.showVersion')}
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
