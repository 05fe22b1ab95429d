import { ShieldAlert, ShieldCheck, ShieldQuestionMark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DecisionAnalysis, RobustnessLabel } from '../../../shared/api/analysis.ts';
import { robustnessSentenceOf, weighsNothing } from '../../../shared/robustness-sentence.ts';
import { usePercentText } from './usePercentText.ts';

const labelLooks: Record<RobustnessLabel, { classes: string; Icon: typeof ShieldCheck }> = {
  fragile: {
    classes: 'bg-red-100 text-red-800 ring-red-300 dark:bg-red-950 dark:text-red-200 dark:ring-red-800',
    Icon: ShieldAlert,
  },
  sensitive: {
    classes:
      'bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800',
    Icon: ShieldQuestionMark,
  },
  robust: {
    classes:
      'bg-emerald-100 text-emerald-800 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800',
    Icon: ShieldCheck,
  },
};

interface RobustnessSummaryProps {
  analysis: DecisionAnalysis;
  optionNames: ReadonlyMap<number, string>;
  criterionNames: ReadonlyMap<number, string>;
}

/**
 * The answer in one line: the robustness label as a badge (colour, icon and word) and one plain
 * sentence with the nearest flip ("A takes the lead if Price counts 51.6 % instead of 50 %").
 */
export function RobustnessSummary({ analysis, optionNames, criterionNames }: RobustnessSummaryProps) {
  const { t } = useTranslation();
  const percent = usePercentText();
  const { label } = analysis.robustness;
  const { classes, Icon } = labelLooks[label];
  // One wording for the screens and the exports (shared/robustness-sentence.ts).
  const { key, ...params } = robustnessSentenceOf(analysis, {
    option: (id) => optionNames.get(id) ?? '',
    criterion: (id) => criterionNames.get(id) ?? '',
  });
  const sentence = t(
    key,
    Object.fromEntries(
      Object.entries(params).map(([name, value]) => [
        name,
        typeof value === 'number' ? percent(value) : value,
      ]),
    ),
  );

  return (
    <div className="flex flex-col gap-2" data-testid="robustness">
      {/* Without weights every total is 0: a label would only describe a tie of zeros. */}
      {weighsNothing(analysis) ? null : (
        <p className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium text-slate-700 dark:text-slate-300">
            {t('analysis.robustness.heading')}
          </span>
          <span
            data-label={label}
            className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ring-1 ${classes}`}
          >
            <Icon aria-hidden size={16} />
            {t(`analysis.robustness.${label}`)}
          </span>
          <span className="text-sm text-slate-600 dark:text-slate-400">
            {t(`analysis.robustness.hint.${label}`)}
          </span>
        </p>
      )}
      <p className="text-lg text-slate-900 dark:text-white" data-testid="verdict">
        {sentence}
      </p>
    </div>
  );
}
