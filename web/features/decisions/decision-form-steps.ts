import type { FieldPath } from 'react-hook-form';
import type { CriterionFormRow, DecisionFormValues } from './decision-form-model.ts';

/** The guided New decision flow: one short step at a time, saved after the last. */
export const DECISION_STEPS = ['question', 'options', 'criteria', 'scores'] as const;
export type DecisionStep = (typeof DECISION_STEPS)[number];

/** What Next checks on each step: only the fields the step shows (advanced ones of the step included). */
export const STEP_FIELDS: Record<DecisionStep, readonly FieldPath<DecisionFormValues>[]> = {
  question: ['name', 'description'],
  options: ['options'],
  criteria: ['criteria'],
  scores: ['scores'],
};

/** The step whose fields hold an error path such as `criteria.2.importance` (to show it there). */
export function stepOfField(path: string): DecisionStep {
  const root = path.split('.')[0];
  return DECISION_STEPS.find((step) => STEP_FIELDS[step].some((field) => field === root)) ?? 'question';
}

/** The first step whose fields carry an error, or null (a failed save leads back there). */
export function firstStepWithError(errorPaths: readonly string[]): DecisionStep | null {
  const steps = new Set(errorPaths.map(stepOfField));
  return DECISION_STEPS.find((step) => steps.has(step)) ?? null;
}

const TOP_IMPORTANCE = 10;

/**
 * The importance proposed for the criterion at `rank` (0 = most important) of `count`: the first gets
 * 10, the others step down evenly (4 criteria: 10, 8, 5, 3), never below 1, so every criterion counts;
 * a rank beyond the count (an unnamed row after the named ones) gets 1.
 */
export function proposedImportance(rank: number, count: number): number {
  if (count <= 0 || rank >= count) return 1;
  return Math.max(1, Math.round((TOP_IMPORTANCE * (count - rank)) / count));
}

type RankedCriterion = Pick<CriterionFormRow, 'name' | 'importance' | 'isImportanceProposed'>;

/**
 * Criteria with their importance proposed by rank where the user has not set one (empty, or still the
 * proposal); importances typed, chosen by a tool or taken from a template stay. Returns null when
 * nothing changes, so a caller can skip the update.
 */
export function withProposedImportances<T extends RankedCriterion>(criteria: readonly T[]): T[] | null {
  // Rows without a name yet (the one Enter just added) do not lower the proposals of the named ones.
  const count = criteria.filter((criterion) => criterion.name.trim() !== '').length || criteria.length;
  let hasChanged = false;
  const proposed = criteria.map((criterion, rank) => {
    if (criterion.importance.trim() !== '' && !criterion.isImportanceProposed) return criterion;
    const importance = String(proposedImportance(rank, count));
    if (criterion.importance === importance && criterion.isImportanceProposed) return criterion;
    hasChanged = true;
    return { ...criterion, importance, isImportanceProposed: true };
  });
  return hasChanged ? proposed : null;
}

/**
 * The rows Next keeps: blank rows at the end (the one Enter added last, the second default row) are
 * dropped as long as a named row remains; a blank row between named ones stays, so its message shows.
 */
export function withoutTrailingBlankRows<T extends { name: string }>(
  rows: readonly T[],
  isBlank: (row: T) => boolean = (row) => row.name.trim() === '',
): T[] {
  let end = rows.length;
  while (end > 1 && isBlank(rows[end - 1]!)) end -= 1;
  return end === 1 && isBlank(rows[0]!) ? [...rows] : rows.slice(0, end);
}

/** A criterion row nobody filled in: no name, and no importance other than the proposed one. */
export function isBlankCriterion(criterion: RankedCriterion): boolean {
  return (
    criterion.name.trim() === '' && (criterion.isImportanceProposed || criterion.importance.trim() === '')
  );
}
