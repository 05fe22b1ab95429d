import { useTranslation } from 'react-i18next';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { scaleOfDecision } from '../../../shared/limits.ts';
import { formatMeasureWithUnit } from '../../../shared/measure-format.ts';
import { measureBoundsOf } from '../../../shared/scoring/measure.ts';

/**
 * Issue 31: one sentence per measured criterion saying how its raw values become scores (the linear
 * value function between the worst and the best value, each as set or from the options).
 */
export function MeasuredCriteriaNote({ details }: { details: DecisionDetails }) {
  const { t, i18n } = useTranslation();
  const measured = details.criteria.filter((criterion) => criterion.kind === 'measure');
  if (!measured.length) return null;
  const scale = scaleOfDecision(details.decision.type);
  const isTeam = details.decision.type === 'team';
  return (
    <div
      className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-300"
      data-testid="measured-note"
    >
      {measured.map((criterion) => {
        const measures = details.evaluations
          .filter(
            (e) =>
              e.criterion_id === criterion.id &&
              e.measure !== null &&
              (isTeam ? e.generated_by === 'fact' : e.user_id === details.decision.user_id),
          )
          .map((e) => e.measure!);
        const bounds = measureBoundsOf(criterion, measures);
        const value = (number: number) => formatMeasureWithUnit(number, criterion.unit, i18n.language);
        return (
          <p key={criterion.id}>
            {bounds
              ? t(`details.measuredExplanation.${criterion.direction === 'lower' ? 'lower' : 'higher'}`, {
                  name: criterion.name,
                  best: value(bounds.best),
                  worst: value(bounds.worst),
                  min: scale.min,
                  max: scale.max,
                })
              : t('details.measuredExplanation.empty', { name: criterion.name })}
          </p>
        );
      })}
    </div>
  );
}
