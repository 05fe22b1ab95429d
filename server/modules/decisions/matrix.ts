import { findDuplicateNames } from '../../../shared/api/decisions.ts';
import { AppError } from '../../app-error.ts';

export interface NamedInput {
  id?: number | undefined;
  name: string;
}

export interface ListPlan<T extends NamedInput> {
  keep: { id: number; input: T; position: number }[];
  insert: { input: T; position: number }[];
  remove: number[];
}

/**
 * Matches the submitted list against the stored rows: by id when it belongs to this decision,
 * else by unchanged name (case-insensitive). Matched rows keep their ids, so evaluations,
 * comments and exports stay attached; unmatched stored rows are removed.
 */
export function planListUpdate<T extends NamedInput>(
  existing: readonly { id: number; name: string }[],
  incoming: readonly T[],
): ListPlan<T> {
  const unclaimed = new Map(existing.map((row) => [row.id, row]));
  const plan: ListPlan<T> = { keep: [], insert: [], remove: [] };
  const byId = incoming.map((input) =>
    input.id !== undefined && unclaimed.has(input.id) ? input.id : undefined,
  );
  for (const id of byId) if (id !== undefined) unclaimed.delete(id);
  incoming.forEach((input, position) => {
    let id = byId[position];
    if (id === undefined) {
      const key = input.name.toLocaleLowerCase();
      const match = [...unclaimed.values()].find((row) => row.name.trim().toLocaleLowerCase() === key);
      if (match) {
        id = match.id;
        unclaimed.delete(match.id);
      }
    }
    if (id === undefined) plan.insert.push({ input, position });
    else plan.keep.push({ id, input, position });
  });
  plan.remove = [...unclaimed.keys()];
  return plan;
}

/** Refuses duplicate option or criterion names with the position of each repeat. */
export function assertUniqueNames(listName: 'options' | 'criteria', names: readonly string[]): void {
  const duplicates = findDuplicateNames(names);
  if (duplicates.length) {
    throw new AppError(
      'DUPLICATE_NAME',
      Object.fromEntries(
        duplicates.map((index) => [`${listName}.${index}.name`, 'validation.duplicateName']),
      ),
    );
  }
}

export interface IndexedEvaluation {
  option_index: number;
  criterion_index: number;
  value: number;
  explanation: string | null;
  /** Personal AI mode: what the AI proposed (issue 18); absent keeps the stored proposal. */
  ai_value?: number | null | undefined;
  ai_explanation?: string | null | undefined;
}

/** Names a cell's value, and the AI's proposal for it, when off the decision's scale. */
export function addOffScaleValues(
  evaluation: { value: number; ai_value?: number | null | undefined },
  index: number,
  scale: { min: number; max: number },
  fields: Record<string, string>,
): void {
  const isOffScale = (value: number) => value < scale.min || value > scale.max;
  if (isOffScale(evaluation.value)) fields[`evaluations.${index}.value`] = 'validation.valueRange';
  const aiValue = evaluation.ai_value;
  if (aiValue !== null && aiValue !== undefined && isOffScale(aiValue)) {
    fields[`evaluations.${index}.ai_value`] = 'validation.valueRange';
  }
}

/** Checks positions against the submitted lists before anything is written; one value per cell. */
export function assertEvaluationIndexes(
  evaluations: readonly IndexedEvaluation[],
  optionCount: number,
  criterionCount: number,
  scale: { min: number; max: number },
): void {
  const fields: Record<string, string> = {};
  const cells = new Set<string>();
  evaluations.forEach((evaluation, index) => {
    addOffScaleValues(evaluation, index, scale, fields);
    if (evaluation.option_index >= optionCount)
      fields[`evaluations.${index}.option_index`] = 'validation.unknownOption';
    if (evaluation.criterion_index >= criterionCount) {
      fields[`evaluations.${index}.criterion_index`] = 'validation.unknownCriterion';
    }
    const cell = `${evaluation.option_index}:${evaluation.criterion_index}`;
    if (cells.has(cell)) fields[`evaluations.${index}`] = 'validation.duplicateCell';
    cells.add(cell);
  });
  if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', fields);
}
