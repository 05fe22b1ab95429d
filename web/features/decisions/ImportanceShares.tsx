import type { ReactNode } from 'react';
import { useLocale } from '../../lib/format.ts';
import type { ImportanceSummary } from '../../lib/importance-shares.ts';

interface ImportanceShareProps {
  /** Referenced by the importance input's aria-describedby. */
  id: string;
  /** The criterion's row number (1-based), for the screen-reader text. */
  number: number;
  share: number | null;
}

/** "→ 25 %" after an importance: what it counts for, since totals divide by the sum. */
export function ImportanceShare({ id, number, share }: ImportanceShareProps) {
  const { t, format } = useLocale();
  return (
    <span id={id} className="w-14 shrink-0 text-sm text-slate-600 tabular-nums dark:text-slate-400">
      {share === null ? null : (
        <>
          <span aria-hidden>→ {format.plain(share)} %</span>
          <span className="sr-only">{t('decisionForm.importanceShare', { number, share })}</span>
        </>
      )}
    </span>
  );
}

/**
 * The sum of the importances, and below it the tools that rewrite them (web/features/weights:
 * "Scale to 100 %", "Rank them", "Compare in pairs").
 */
export function ImportanceSum({ summary, tools }: { summary: ImportanceSummary; tools: ReactNode }) {
  const { t, format } = useLocale();
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        <span className="font-medium text-slate-800 tabular-nums dark:text-slate-200">
          {t('decisionForm.importanceSum', { sum: format.plain(summary.sum) })}
        </span>{' '}
        {t('decisionForm.importanceSharesHint')}
      </p>
      {tools}
    </div>
  );
}
