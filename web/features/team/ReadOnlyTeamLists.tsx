import { useTranslation } from 'react-i18next';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { Card } from '../../components/ui/Card.tsx';

/** Options and criteria as plain lists: what viewers (and everyone after an AI run) can see. */
export function ReadOnlyTeamLists({ details }: { details: DecisionDetails }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6 md:grid-cols-2 [&>*]:min-w-0">
      <Card>
        <section aria-labelledby="readonly-options" className="flex flex-col gap-3">
          <h2 id="readonly-options" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t('team.options')}
          </h2>
          {details.options.length ? (
            <ol className="flex list-decimal flex-col gap-1.5 pl-6 text-slate-800 dark:text-slate-200">
              {details.options.map((option) => (
                <li key={option.id} className="break-words">
                  {option.name}
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('team.noOptions')}</p>
          )}
        </section>
      </Card>
      <Card>
        <section aria-labelledby="readonly-criteria" className="flex flex-col gap-3">
          <h2 id="readonly-criteria" className="text-lg font-semibold text-slate-900 dark:text-white">
            {t('team.criteria')}
          </h2>
          {details.criteria.length ? (
            <ol className="flex list-decimal flex-col gap-1.5 pl-6 text-slate-800 dark:text-slate-200">
              {details.criteria.map((criterion) => (
                <li key={criterion.id} className="break-words">
                  {criterion.name}
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('team.noCriteria')}</p>
          )}
        </section>
      </Card>
    </div>
  );
}
