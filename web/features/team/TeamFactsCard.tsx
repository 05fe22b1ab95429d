import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { formatScore } from '../../../shared/measure-format.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { inputClasses } from '../../components/ui/TextField.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { isInvalidMeasure } from '../decisions/measured-criteria.ts';
import { useSaveTeamEdit } from './team-api.ts';
import { factKey, factsRequestFrom, factValuesOf } from './team-facts-model.ts';

/**
 * Issue 31: owner and admins enter the raw values of the measured criteria on the set-up tab; they
 * count the same for every member (saved with `facts`, replacing the stored ones).
 */
export function TeamFactsCard({ details, isLocked }: { details: DecisionDetails; isLocked: boolean }) {
  const { t, i18n } = useTranslation();
  const measured = details.criteria.filter((criterion) => criterion.kind === 'measure');
  const [values, setValues] = useState<Record<string, string>>(() => factValuesOf(details));
  const save = useSaveTeamEdit(details.decision.id);
  if (!measured.length || !details.options.length) return null;
  const scores = new Map(
    details.evaluations
      .filter((e) => e.generated_by === 'fact')
      .map((e) => [factKey(e.option_id, e.criterion_id), e.value]),
  );
  const hasInvalid = Object.values(values).some(isInvalidMeasure);
  return (
    <Card className="flex flex-col gap-3">
      <section aria-labelledby="facts-heading" className="flex flex-col gap-3">
        <h2 id="facts-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('teamEdit.factsTitle')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('teamEdit.factsHint')}</p>
        <div className="overflow-x-auto">
          <table className="text-sm">
            <thead>
              <tr>
                <th scope="col" className="p-2 text-left">
                  {t('teamEdit.option')}
                </th>
                {measured.map((criterion) => (
                  <th key={criterion.id} scope="col" className="p-2 text-left">
                    {criterion.unit ? `${criterion.name} (${criterion.unit})` : criterion.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {details.options.map((option) => (
                <tr key={option.id}>
                  <th scope="row" className="p-2 text-left font-normal">
                    {option.name}
                  </th>
                  {measured.map((criterion) => {
                    const key = factKey(option.id, criterion.id);
                    const score = scores.get(key);
                    return (
                      <td key={criterion.id} className="p-2 whitespace-nowrap">
                        <input
                          inputMode="decimal"
                          disabled={isLocked || save.isPending}
                          aria-label={t('teamEdit.factLabel', {
                            option: option.name,
                            criterion: criterion.name,
                            unit: criterion.unit ?? '–',
                          })}
                          aria-invalid={isInvalidMeasure(values[key]) || undefined}
                          className={`${inputClasses} h-9 w-28`}
                          value={values[key] ?? ''}
                          onChange={(event) => setValues({ ...values, [key]: event.target.value })}
                        />
                        {score !== undefined ? (
                          <span className="ml-2 tabular-nums text-slate-600 dark:text-slate-300">
                            → {formatScore(score, i18n.language)}
                          </span>
                        ) : null}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {hasInvalid ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {t('validation.number')}
          </p>
        ) : null}
        {isLocked ? null : (
          <div>
            <Button
              type="button"
              disabled={hasInvalid || save.isPending}
              onClick={() =>
                save.mutate(factsRequestFrom(details, values), {
                  onSuccess: () => toast.success(t('teamEdit.factsSaved')),
                  onError: (error) => toast.error(serverMessageOf(error) ?? t('common.unexpectedError')),
                })
              }
            >
              {t('teamEdit.saveFacts')}
            </Button>
          </div>
        )}
      </section>
    </Card>
  );
}
