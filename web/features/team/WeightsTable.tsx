import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/limits.ts';
import { inputClasses } from '../../components/ui/TextField.tsx';
import { useFormatters } from '../../lib/format.ts';
import { clampPercent } from '../../lib/matrix-model.ts';
import type { NameRow } from './name-rows.ts';

interface WeightsTableProps {
  criteria: NameRow[];
  weights: Record<string, string>;
  /** The current team weight per stored criterion id (mean of everyone's weights). */
  teamWeights: Map<number, number>;
  isDisabled: boolean;
  onChange: (criterionRowKey: string, text: string) => void;
}

/** The caller's weight per criterion, 0–100 in whole steps; typed values are clamped, empty is allowed. */
export function WeightsTable({ criteria, weights, teamWeights, isDisabled, onChange }: WeightsTableProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  if (!criteria.length)
    return <p className="text-sm text-slate-600 dark:text-slate-400">{t('teamEdit.noCriteria')}</p>;

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="weights-caption">
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption id="weights-caption" className="sr-only">
          {t('teamEdit.weightsCaption')}
        </caption>
        <thead>
          <tr className="text-slate-600 dark:text-slate-400">
            <th
              scope="col"
              className="border-b border-slate-200 py-2 pr-3 text-left font-medium dark:border-slate-700"
            >
              {t('teamEdit.criterion')}
            </th>
            <th
              scope="col"
              className="border-b border-slate-200 px-3 py-2 text-left font-medium dark:border-slate-700"
            >
              {t('teamEdit.yourWeight')}
            </th>
            <th
              scope="col"
              className="border-b border-slate-200 py-2 pl-3 text-right font-medium dark:border-slate-700"
            >
              {t('teamEdit.teamWeight')}
            </th>
          </tr>
        </thead>
        <tbody>
          {criteria.map((criterion, index) => {
            const name = criterion.name.trim() || t('teamEdit.criterionFallback', { number: index + 1 });
            const teamWeight = criterion.id === undefined ? undefined : teamWeights.get(criterion.id);
            return (
              <tr key={criterion.key}>
                <th
                  scope="row"
                  className="border-b border-slate-100 py-2 pr-3 text-left font-medium break-words text-slate-900 dark:border-slate-800 dark:text-white"
                >
                  {name}
                </th>
                <td className="border-b border-slate-100 px-3 py-2 dark:border-slate-800">
                  <span className="flex w-28 items-center gap-2">
                    <input
                      type="number"
                      inputMode="numeric"
                      min={LIMITS.scales.weight.min}
                      max={LIMITS.scales.weight.max}
                      step={1}
                      aria-label={t('teamEdit.weightOf', { name })}
                      value={weights[criterion.key] ?? ''}
                      disabled={isDisabled}
                      placeholder="–"
                      onChange={(event) => {
                        const clamped = clampPercent(event.target.value);
                        onChange(criterion.key, clamped === null ? '' : String(clamped));
                      }}
                      className={`${inputClasses} h-10 px-2 text-right tabular-nums disabled:opacity-60`}
                    />
                    <span aria-hidden className="text-slate-600 dark:text-slate-400">
                      %
                    </span>
                  </span>
                </td>
                <td className="border-b border-slate-100 py-2 pl-3 text-right text-slate-700 tabular-nums dark:border-slate-800 dark:text-slate-300">
                  {teamWeight === undefined ? '–' : `${format.number(teamWeight, 1)} %`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
