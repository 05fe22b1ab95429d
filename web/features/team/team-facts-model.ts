import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import type { TeamEditRequest } from '../../../shared/api/team.ts';
import { formatMeasuredCell } from '../../../shared/measure-format.ts';
import { cellKey } from '../../lib/matrix-model.ts';
import { parseMeasure } from '../decisions/measured-criteria.ts';

/**
 * Issue 31: a team decision's facts, the raw values of its measured criteria entered on the set-up
 * tab, keyed like the vote tab's cells (`option-<id>`, `criterion-<id>`).
 */
export function factKey(optionId: number, criterionId: number): string {
  return cellKey(`option-${optionId}`, `criterion-${criterionId}`);
}

/** The facts as the vote grid shows them, read-only: "1,299 € → 5.4". */
export function factTextsOf(details: DecisionDetails, language: string): Map<string, string> {
  const units = new Map(details.criteria.map((criterion) => [criterion.id, criterion.unit]));
  return new Map(
    details.evaluations.flatMap((e) =>
      e.generated_by === 'fact' && e.measure !== null
        ? [
            [
              factKey(e.option_id, e.criterion_id),
              formatMeasuredCell(e.measure, units.get(e.criterion_id) ?? null, e.value, language),
            ] as const,
          ]
        : [],
    ),
  );
}

/** The set-up's fact inputs as stored now: the raw value as text per cell. */
export function factValuesOf(details: DecisionDetails): Record<string, string> {
  return Object.fromEntries(
    details.evaluations.flatMap((e) =>
      e.generated_by === 'fact' && e.measure !== null
        ? [[factKey(e.option_id, e.criterion_id), String(e.measure)]]
        : [],
    ),
  );
}

/** PUT /api/team-decisions/{id} with every fact typed (present facts replace all stored ones). */
export function factsRequestFrom(
  details: Pick<DecisionDetails, 'options' | 'criteria'>,
  values: Readonly<Record<string, string>>,
): TeamEditRequest {
  const facts = details.options.flatMap((option) =>
    details.criteria.flatMap((criterion) => {
      if (criterion.kind !== 'measure') return [];
      const measure = parseMeasure(values[factKey(option.id, criterion.id)]);
      return measure === null ? [] : [{ option_id: option.id, criterion_id: criterion.id, measure }];
    }),
  );
  return { facts };
}
