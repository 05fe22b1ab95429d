import type { Criterion, DecisionDetails } from '../../../shared/api/decisions.ts';
import {
  measuredScoresOf,
  type CriterionKind,
  type MeasureDirection,
} from '../../../shared/scoring/measure.ts';
import { cellKey, type Scale } from '../../lib/matrix-model.ts';

/**
 * Issue 31: how the criteria editors hold a criterion's kind. A measured criterion has a unit, a
 * direction and optional worst and best (typed text, "" when they default to the options' values).
 */
export interface MeasuredFields {
  kind: CriterionKind;
  unit: string;
  direction: MeasureDirection;
  worst: string;
  best: string;
}

export function scoreCriterionFields(): MeasuredFields {
  return { kind: 'score', unit: '', direction: 'higher', worst: '', best: '' };
}

export function measuredFieldsOf(
  criterion: Pick<Criterion, 'kind' | 'unit' | 'direction' | 'worst' | 'best'>,
): MeasuredFields {
  return {
    kind: criterion.kind,
    unit: criterion.unit ?? '',
    direction: criterion.direction ?? 'higher',
    worst: criterion.worst === null ? '' : String(criterion.worst),
    best: criterion.best === null ? '' : String(criterion.best),
  };
}

/**
 * A typed raw value in English or German notation ("1299", "1,299.50", "1.299,50", "4,2"); null when
 * empty or not a number. A single separator followed by exactly three digits groups thousands.
 */
export function parseMeasure(raw: string | undefined | null): number | null {
  const text = (raw ?? '').trim().replace(/\s/g, '');
  if (!text) return null;
  let normalised = text;
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  if (lastComma !== -1 && lastDot !== -1) {
    // The later separator is the decimal one.
    normalised = lastComma > lastDot ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, '');
  } else if (lastComma !== -1) {
    normalised = /^-?\d{1,3}(,\d{3})+$/.test(text) ? text.replace(/,/g, '') : text.replace(',', '.');
  } else if (/^-?\d{1,3}(\.\d{3}){2,}$/.test(text)) {
    normalised = text.replace(/\./g, '');
  }
  if (!/^-?\d+(\.\d+)?$/.test(normalised)) return null;
  const value = Number(normalised);
  return Number.isFinite(value) ? value : null;
}

export function isInvalidMeasure(raw: string | undefined | null): boolean {
  return (raw ?? '').trim() !== '' && parseMeasure(raw) === null;
}

/** The request fields of a criterion: measured ones with unit, direction, worst and best. */
export function measuredRequest(fields: MeasuredFields) {
  if (fields.kind !== 'measure') return { kind: 'score' as const };
  return {
    kind: 'measure' as const,
    unit: fields.unit.trim() || null,
    direction: fields.direction,
    worst: parseMeasure(fields.worst),
    best: parseMeasure(fields.best),
  };
}

/**
 * The scores the form's raw values give (keyed like the form's cells), computed by the server's value
 * function, so the grid shows "1,299 € → 6.2" while typing.
 */
export function formMeasuredScores(
  options: readonly { rowKey: string }[],
  criteria: readonly ({ rowKey: string } & MeasuredFields)[],
  scores: Readonly<Record<string, string>>,
  scale: Scale,
): Map<string, number> {
  const shapes = criteria.map((criterion, index) => ({
    id: index,
    kind: criterion.kind,
    direction: criterion.direction,
    worst: parseMeasure(criterion.worst),
    best: parseMeasure(criterion.best),
  }));
  const measures = options.flatMap((option, optionIndex) =>
    criteria.flatMap((criterion, criterionIndex) => {
      const measure =
        criterion.kind === 'measure' ? parseMeasure(scores[cellKey(option.rowKey, criterion.rowKey)]) : null;
      return measure === null ? [] : [{ option_id: optionIndex, criterion_id: criterionIndex, measure }];
    }),
  );
  const byPosition = measuredScoresOf(shapes, measures, scale);
  const scoresByKey = new Map<string, number>();
  options.forEach((option, optionIndex) =>
    criteria.forEach((criterion, criterionIndex) => {
      const score = byPosition.get(`${optionIndex}:${criterionIndex}`);
      if (score !== undefined) scoresByKey.set(cellKey(option.rowKey, criterion.rowKey), score);
    }),
  );
  return scoresByKey;
}

/** A measured cell of the details: the raw value and the score computed from it. */
export function measuredCellOf(
  details: Pick<DecisionDetails, 'evaluations'>,
  optionId: number,
  criterionId: number,
  source: 'owner' | 'fact',
  ownerId?: number,
): { measure: number; value: number } | null {
  const cell = details.evaluations.find(
    (e) =>
      e.option_id === optionId &&
      e.criterion_id === criterionId &&
      e.measure !== null &&
      (source === 'fact' ? e.generated_by === 'fact' : e.user_id === ownerId),
  );
  return cell && cell.measure !== null ? { measure: cell.measure, value: cell.value } : null;
}
