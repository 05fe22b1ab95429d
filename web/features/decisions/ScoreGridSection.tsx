import { Trophy } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/Card.tsx';
import { GridCellInput } from '../../components/ui/GridCellInput.tsx';
import { useFormatters } from '../../lib/format.ts';
import {
  importanceOf,
  PERSONAL_SCALE,
  rankFormValues,
  scoreKey,
  type DecisionFormValues,
} from './decision-form-model.ts';
import { ReasonTooltip } from '../ai/ReasonTooltip.tsx';
import { digitsOnlyInput } from './form-inputs.ts';

/** The 1–10 evaluation grid of the decision form with live weighted totals per option. */
export function ScoreGridSection() {
  const { t } = useTranslation();
  const format = useFormatters();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<DecisionFormValues>();
  const [options, criteria, scores, explanations] = useWatch({
    control,
    name: ['options', 'criteria', 'scores', 'explanations'],
  });
  const ranking = rankFormValues(options, criteria, scores);
  const rankByIndex = new Map(ranking.map((entry) => [entry.option_id, entry]));
  const hasAnyScore = ranking.some((entry) => entry.total > 0);

  const optionLabel = (index: number) =>
    options[index]?.name.trim() || t('decisionForm.optionFallback', { number: index + 1 });
  const criterionLabel = (index: number) =>
    criteria[index]?.name.trim() || t('decisionForm.criterionFallback', { number: index + 1 });

  return (
    <Card>
      <section aria-labelledby="grid-heading" className="flex flex-col gap-4">
        <header>
          <h2 id="grid-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t('decisionForm.grid', PERSONAL_SCALE)}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('decisionForm.gridHint', PERSONAL_SCALE)}
          </p>
        </header>
        <div className="relative -mx-6 overflow-x-auto px-6">
          <table data-grid className="w-full border-separate border-spacing-0 text-sm">
            <caption className="sr-only">{t('decisionForm.gridCaption')}</caption>
            <thead>
              <tr>
                <th
                  scope="col"
                  className="border-b border-slate-200 py-2 pr-3 text-left font-medium text-slate-600 dark:border-slate-700 dark:text-slate-400"
                >
                  {t('matrix.option')}
                </th>
                {criteria.map((criterion, index) => (
                  <th
                    key={criterion.rowKey}
                    scope="col"
                    className="border-b border-slate-200 px-2 py-2 text-center align-bottom font-medium text-slate-800 dark:border-slate-700 dark:text-slate-200"
                  >
                    <span className="mx-auto block max-w-40 truncate" title={criterionLabel(index)}>
                      {criterionLabel(index)}
                    </span>
                    <span className="block text-xs font-normal text-slate-600 tabular-nums dark:text-slate-400">
                      {t('matrix.weight', { weight: format.plain(importanceOf(criterion.importance)) })}
                    </span>
                  </th>
                ))}
                <th
                  scope="col"
                  className="border-b border-slate-200 py-2 pl-3 text-right font-medium text-slate-800 dark:border-slate-700 dark:text-slate-200"
                >
                  {t('matrix.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {options.map((option, optionIndex) => {
                const entry = rankByIndex.get(optionIndex);
                const isTop = hasAnyScore && entry?.is_top === true;
                return (
                  <tr key={option.rowKey} className={isTop ? 'bg-emerald-50 dark:bg-emerald-950/40' : ''}>
                    <th
                      scope="row"
                      className="max-w-48 truncate border-b border-slate-100 py-2 pr-3 text-left font-medium text-slate-900 dark:border-slate-800 dark:text-white"
                    >
                      {optionLabel(optionIndex)}
                    </th>
                    {criteria.map((criterion, criterionIndex) => {
                      const key = scoreKey(option.rowKey, criterion.rowKey);
                      const reason = explanations[key];
                      const reasonId = `reason-${key}`;
                      return (
                        <td
                          key={criterion.rowKey}
                          className="border-b border-slate-100 px-2 py-2 text-center dark:border-slate-800"
                        >
                          <ReasonTooltip id={reasonId} reason={reason}>
                            <GridCellInput
                              row={optionIndex}
                              column={criterionIndex}
                              isInvalid={Boolean(errors.scores?.[key])}
                              aria-label={t('decisionForm.cellLabel', {
                                option: optionLabel(optionIndex),
                                criterion: criterionLabel(criterionIndex),
                                ...PERSONAL_SCALE,
                              })}
                              aria-describedby={reason ? reasonId : undefined}
                              title={errors.scores?.[key] ? t('validation.valueRange') : undefined}
                              {...digitsOnlyInput(register(`scores.${key}`))}
                            />
                          </ReasonTooltip>
                        </td>
                      );
                    })}
                    <td className="border-b border-slate-100 py-2 pl-3 text-right font-semibold whitespace-nowrap text-slate-900 tabular-nums dark:border-slate-800 dark:text-white">
                      <span className="inline-flex items-center gap-1.5">
                        {isTop ? (
                          <>
                            <Trophy aria-hidden size={16} className="text-amber-600 dark:text-amber-400" />
                            <span className="sr-only">{t('matrix.topOption')}</span>
                          </>
                        ) : null}
                        {format.number(entry?.total ?? 0, 1)}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {errors.scores ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {t('decisionForm.gridInvalid', PERSONAL_SCALE)}
          </p>
        ) : null}
      </section>
    </Card>
  );
}
