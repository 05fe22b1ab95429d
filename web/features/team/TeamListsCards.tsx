import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/limits.ts';
import { PercentInput } from '../../components/ui/PercentInput.tsx';
import { clampedPercentInput } from '../decisions/form-inputs.ts';
import { countedImportance, summarizeImportances } from '../../lib/importance-shares.ts';
import { ImportanceShare, ImportanceSum } from '../decisions/ImportanceShares.tsx';
import { noMustHaveOrAnchors } from '../decisions/must-have-and-anchors.ts';
import { MeasuredCriterionFields } from '../decisions/MeasuredCriterionFields.tsx';
import { MustHaveAndAnchorsDisclosure } from '../decisions/MustHaveAndAnchorsDisclosure.tsx';
import { NameRowsCard } from '../decisions/NameRowsEditor.tsx';
import { WeightsToolbar } from '../weights/WeightsToolbar.tsx';
import { newRow, type NameRow } from './name-rows.ts';

interface TeamListsCardsProps {
  /** Whose guidance heads the lists: the create form's or the edit page's. */
  leadsFrom: 'team' | 'teamEdit';
  isDisabled?: boolean;
  /** The edit page also sets each criterion's fallback weight (importance, 0–100). */
  showImportance?: boolean;
}

/** The options and criteria of a team form, side by side; criteria with their must-have and anchors. */
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
  const labelOf = (index: number) =>
    criteria[index]?.name.trim() || t('teamEdit.criterionFallback', { number: index + 1 });

  /** Weights found by the tools (scaled, ranked, compared in pairs); null leaves a field as it is. */
  function applyWeights(weights: readonly (number | null)[]) {
    weights.forEach((importance, index) => {
      if (importance !== null) setValue(`criteria.${index}.importance`, importance, { shouldDirty: true });
    });
  }

  const renderImportance = (index: number) => (
    <span className="flex shrink-0 items-center gap-2">
      <span className="flex w-20 items-center gap-1">
        <PercentInput
          min={LIMITS.decision.importance.min}
          max={LIMITS.decision.importance.max}
          aria-label={t('teamEdit.importanceOf', { name: criteria[index]?.name || index + 1 })}
          aria-describedby={shareId(index)}
          disabled={isDisabled}
          {...clampedPercentInput(register(`criteria.${index}.importance`, { setValueAs: Number }))}
        />
        <span aria-hidden className="text-sm text-slate-600 dark:text-slate-400">
          %
        </span>
      </span>
      <ImportanceShare id={shareId(index)} number={index + 1} share={summary.shares[index] ?? null} />
    </span>
  );

  const renderMustHave = (index: number) => (
    <>
      {/* Issue 31: scored by votes, or measured from facts entered on the set-up page. */}
      {isDisabled ? null : <MeasuredCriterionFields index={index} criterionLabel={labelOf(index)} />}
      {/* A measured criterion's must-have is in its unit, with no scale labels. */}
      <MustHaveAndAnchorsDisclosure
        index={index}
        criterionLabel={labelOf(index)}
        scale={LIMITS.scales.team}
        isDisabled={isDisabled}
      />
    </>
  );

  // The create form has no weight fields (members weight after creation); a template's default
  // weights are still sent, so they are named here rather than kept out of sight.
  const templateWeights = criteria.flatMap((criterion, index) =>
    criterion.importance ? [`${labelOf(index)} ${criterion.importance} %`] : [],
  );
  const criteriaFooter = showImportance ? (
    <ImportanceSum
      summary={summary}
      tools={
        <WeightsToolbar
          criteria={criteria.map((criterion, index) => ({
            name: criterion.name,
            weight: importances[index] ?? null,
          }))}
          isDisabled={isDisabled}
          onApply={applyWeights}
        />
      }
    />
  ) : templateWeights.length ? (
    <p className="text-sm text-slate-600 dark:text-slate-400">
      {t('templates.picker.teamDefaultWeights', { weights: templateWeights.join(', ') })}
    </p>
  ) : undefined;

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
          newRow={() =>
            newRow(
              name === 'criteria'
                ? { ...(showImportance ? { importance: 0 } : {}), ...noMustHaveOrAnchors() }
                : {},
            )
          }
          isDisabled={isDisabled}
          renderAfterName={name === 'criteria' && showImportance ? renderImportance : undefined}
          // The create form has no importances: there a suggested criterion comes by name only.
          suggestions={
            name === 'criteria' && showImportance ? { importanceOf: (importance) => importance } : {}
          }
          renderBelow={name === 'criteria' ? renderMustHave : undefined}
          footer={name === 'criteria' ? criteriaFooter : undefined}
        />
      ))}
    </div>
  );
}
