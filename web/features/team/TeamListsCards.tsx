import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/limits.ts';
import { inputClasses } from '../../components/ui/TextField.tsx';
import { clampedPercentInput } from '../decisions/form-inputs.ts';
import {
  countedImportance,
  importancesScaledToHundred,
  summarizeImportances,
} from '../decisions/importance-shares.ts';
import { ImportanceShare, ImportanceSum } from '../decisions/ImportanceShares.tsx';
import { NameRowsCard } from '../decisions/NameRowsEditor.tsx';
import { newRow, type NameRow } from './name-rows.ts';

interface TeamListsCardsProps {
  /** Whose guidance heads the lists: the create form's or the edit page's. */
  leadsFrom: 'team' | 'teamEdit';
  isDisabled?: boolean;
  /** The edit page also sets each criterion's fallback weight (importance, 0–100). */
  showImportance?: boolean;
}

/** The options and criteria of a team form, side by side. */
export function TeamListsCards({
  leadsFrom,
  isDisabled = false,
  showImportance = false,
}: TeamListsCardsProps) {
  const { t } = useTranslation();
  const { control, register, setValue } = useFormContext<{ criteria: NameRow[] }>();
  const criteria = useWatch({ control, name: 'criteria' });
  const importances = criteria.map((criterion) => countedImportance(criterion.importance));
  const summary = summarizeImportances(importances);
  const shareId = (index: number) => `team-criterion-${criteria[index]?.key}-share`;

  function scaleToHundred() {
    importancesScaledToHundred(importances).forEach((importance, index) => {
      if (importance !== null) setValue(`criteria.${index}.importance`, importance, { shouldDirty: true });
    });
  }

  const renderImportance = (index: number) => (
    <span className="flex shrink-0 items-center gap-2">
      <span className="flex w-20 items-center gap-1">
        <input
          type="number"
          inputMode="numeric"
          min={LIMITS.decision.importance.min}
          max={LIMITS.decision.importance.max}
          step={1}
          aria-label={t('teamEdit.importanceOf', { name: criteria[index]?.name || index + 1 })}
          aria-describedby={shareId(index)}
          disabled={isDisabled}
          className={`${inputClasses} h-10 px-2 text-right tabular-nums disabled:opacity-60`}
          {...clampedPercentInput(register(`criteria.${index}.importance`, { setValueAs: Number }))}
        />
        <span aria-hidden className="text-sm text-slate-600 dark:text-slate-400">
          %
        </span>
      </span>
      <ImportanceShare id={shareId(index)} number={index + 1} share={summary.shares[index] ?? null} />
    </span>
  );

  return (
    <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
      {(['options', 'criteria'] as const).map((name) => (
        <NameRowsCard
          key={name}
          headingId={`${leadsFrom}-${name}-heading`}
          title={t(`team.${name}`)}
          lead={t(`${leadsFrom}.${name}Hint`)}
          name={name}
          textsFrom="team"
          newRow={() => newRow(name === 'criteria' && showImportance ? { importance: 0 } : {})}
          isDisabled={isDisabled}
          renderAfterName={name === 'criteria' && showImportance ? renderImportance : undefined}
          // The create form has no importances: there a suggested criterion comes by name only.
          suggestions={
            name === 'criteria' && showImportance ? { importanceOf: (importance) => importance } : {}
          }
          footer={
            name === 'criteria' && showImportance ? (
              <ImportanceSum summary={summary} isDisabled={isDisabled} onScale={scaleToHundred} />
            ) : undefined
          }
        />
      ))}
    </div>
  );
}
