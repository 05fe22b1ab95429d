import { EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { resultsHiddenMessageKey } from '../../../shared/results-hidden.ts';

type HiddenDetails = Pick<DecisionDetails, 'resultsHiddenUntil'> & {
  decision: Pick<DecisionDetails['decision'], 'mode'>;
};

/** In place of the results while the server keeps them from the reader: no number, only when they appear. */
export function ResultsHiddenNotice({ details }: { details: HiddenDetails }) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="results-hidden"
      className="flex items-start gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-200"
    >
      <EyeOff aria-hidden size={18} className="mt-0.5 shrink-0" />
      <div>
        <p className="font-semibold">{t('teamView.resultsHidden')}</p>
        <p>{t(resultsHiddenMessageKey(details))}</p>
      </div>
    </div>
  );
}
