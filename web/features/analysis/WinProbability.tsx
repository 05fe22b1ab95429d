import type { DecisionAnalysis } from '../../../shared/api/analysis.ts';
import { useLocale } from '../../lib/format.ts';
import { usePercentText } from './usePercentText.ts';
import { AnalysisPart } from './AnalysisPart.tsx';

interface WinProbabilityProps {
  stability: DecisionAnalysis['stability'];
  optionNames: ReadonlyMap<number, string>;
}

/**
 * How often each option leads when every weight varies at random: a bar per option with the share and
 * the mean rank as text (the bars only repeat what the text says), most likely winner first.
 */
export function WinProbability({ stability, optionNames }: WinProbabilityProps) {
  const { t, format } = useLocale();
  const percent = usePercentText();
  return (
    <AnalysisPart
      headingId="win-probability-heading"
      title={t('analysis.win.title')}
      lead={t('analysis.win.lead', { samples: format.number(stability.samples, 0) })}
      gap="gap-3"
    >
      <ul aria-labelledby="win-probability-heading" className="flex flex-col gap-2.5 text-sm">
        {stability.options.map((entry, index) => {
          const share = entry.win_share * 100;
          return (
            <li
              key={entry.option_id}
              data-option={optionNames.get(entry.option_id)}
              className="grid grid-cols-[minmax(0,8rem)_1fr_auto] items-center gap-x-3 gap-y-0.5"
            >
              <span className="truncate font-medium text-slate-800 dark:text-slate-200">
                {optionNames.get(entry.option_id)}
              </span>
              <span aria-hidden className="h-4 overflow-hidden rounded bg-slate-100 dark:bg-slate-800">
                <span
                  className={`block h-full rounded transition-[width] duration-300 ${
                    index === 0 ? 'bg-emerald-500 dark:bg-emerald-400' : 'bg-indigo-500 dark:bg-indigo-400'
                  }`}
                  style={{ width: `${Math.min(100, Math.max(0, share))}%` }}
                />
              </span>
              <span className="text-right font-semibold text-slate-900 tabular-nums dark:text-white">
                {t('analysis.win.share', { share: percent(share) })}
              </span>
              <span className="col-start-2 col-end-4 text-xs text-slate-600 tabular-nums dark:text-slate-400">
                {t('analysis.win.meanRank', { rank: format.plain(entry.mean_rank) })}
              </span>
            </li>
          );
        })}
      </ul>
    </AnalysisPart>
  );
}
