import { Fragment } from 'react';
import { useLocale } from '../../lib/format.ts';

export interface ChartBar {
  id: number;
  label: string;
  /** null: no total (listed last, without a bar). */
  value: number | null;
  /** The place in the ranking (ties share it); null without a total. */
  rank: number | null;
  isTop: boolean;
  /** Misses a must-have: drawn muted and said so, since its total does not count. */
  isKnockedOut?: boolean;
}

interface TotalsChartProps {
  bars: ChartBar[];
  /** The highest total possible (every value at the top of the scale); bars are drawn against it. */
  maxValue: number;
}

const byRank = (a: ChartBar, b: ChartBar) =>
  (a.rank ?? Number.POSITIVE_INFINITY) - (b.rank ?? Number.POSITIVE_INFINITY);

/**
 * Horizontal bars of the option totals, best first with their rank (ties keep their order, so a tied
 * winner is never below the others); screen readers get the same numbers as one label.
 */
export default function TotalsChart({ bars, maxValue }: TotalsChartProps) {
  const { t, format } = useLocale();
  const sorted = [...bars].sort(byRank);
  const scale = Math.max(maxValue, ...sorted.map((bar) => bar.value ?? 0), Number.EPSILON);
  const valueText = (bar: ChartBar) => (bar.value === null ? '–' : format.number(bar.value, 1));
  const summary = sorted
    .map(
      (bar) =>
        `${bar.rank === null ? '' : `${bar.rank}. `}${bar.label}: ${valueText(bar)}${bar.isTop ? ` (${t('matrix.topOption')})` : ''}${bar.isKnockedOut ? ` (${t('analysis.knockedOut.badge')})` : ''}`,
    )
    .join(', ');

  return (
    <div className="flex flex-col gap-3">
      <div
        role="img"
        aria-label={t('chart.label', { summary })}
        className="grid grid-cols-[minmax(0,auto)_1fr_auto] items-center gap-x-3 gap-y-3 text-sm"
      >
        {sorted.map((bar) => (
          <Fragment key={bar.id}>
            <span
              className="flex max-w-[40vw] items-center gap-2 font-medium text-slate-800 sm:max-w-60 dark:text-slate-200"
              title={bar.label}
            >
              <span className="w-5 shrink-0 text-right text-slate-600 tabular-nums dark:text-slate-400">
                {bar.rank ?? '–'}
              </span>
              <span className="truncate">{bar.label}</span>
            </span>
            <span className="h-6 overflow-hidden rounded-md bg-slate-100 dark:bg-slate-800">
              <span
                className={`block h-full rounded-md transition-[width] duration-500 ${
                  bar.isTop
                    ? 'bg-emerald-500 dark:bg-emerald-400'
                    : bar.isKnockedOut
                      ? 'bg-slate-400 dark:bg-slate-600'
                      : 'bg-indigo-500 dark:bg-indigo-400'
                }`}
                style={{ width: `${(Math.max(bar.value ?? 0, 0) / scale) * 100}%` }}
              />
            </span>
            <span className="text-right font-semibold text-slate-900 tabular-nums dark:text-white">
              {valueText(bar)}
            </span>
          </Fragment>
        ))}
      </div>
      <p className="text-right text-xs text-slate-600 dark:text-slate-400">
        {t('chart.scale', { max: format.plain(scale) })}
      </p>
    </div>
  );
}
