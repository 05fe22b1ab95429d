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
  /** A score criterion's value; ignored on a measured criterion, whose score is computed (issue 31). */
  value?: number | undefined;
  /** A measured criterion's raw value (issue 31). */
  measure?: number | undefined;
  explanation: string | null;
  /** Personal AI mode: what the AI proposed (issue 18); absent keeps the stored proposal. */
  ai_value?: number | null | undefined;
  ai_explanation?: string | null | undefined;
}

/** Names a cell's value, and the AI's proposal for it, when off the decision's scale. */
export function addOffScaleValues(
  evaluation: { value?: number | undefined; ai_value?: number | null | undefined },
  index: number,
  scale: { min: number; max: number },
  fields: Record<string, string>,
): void {
  const isOffScale = (value: number) => value < scale.min || value > scale.max;
  if (evaluation.value !== undefined && isOffScale(evaluation.value))
    fields[`evaluations.${index}.value`] = 'validation.valueRange';
  const aiValue = evaluation.ai_value;
  if (aiValue !== null && aiValue !== undefined && isOffScale(aiValue)) {
    fields[`evaluations.${index}.ai_value`] = 'validation.valueRange';
  }
}

/**
 * Issue 31: a cell carries what its criterion takes. A score criterion a `value` and never a `measure`;
 * a measured one a `measure` (a `value` sent along is ignored: the score is computed). In a team the
 * members vote on score criteria only: a measured criterion's values are the facts of owner and admins.
 * `at` is the cell's field prefix ("evaluations.3", "votes.0") and `criterionField` the key that named
 * the criterion.
 */
export function addCellKindIssues(
  cell: { value?: number | undefined; measure?: number | undefined },
  kind: 'score' | 'measure' | undefined,
  at: string,
  criterionField: string,
  isVote: boolean,
  fields: Record<string, string>,
): void {
  if (kind === 'measure') {
    if (isVote) {
      fields[`${at}.${criterionField}`] = 'validation.voteOnMeasured';
      fields[`${at}.${cell.measure === undefined ? 'value' : 'measure'}`] = 'validation.voteOnMeasured';
    } else if (cell.measure === undefined) fields[`${at}.measure`] = 'validation.measureRequired';
  } else if (kind === 'score') {
    if (cell.measure !== undefined) fields[`${at}.measure`] = 'validation.measureOnScore';
    else if (cell.value === undefined) fields[`${at}.value`] = 'validation.required';
  }
}

/**
 * Checks positions against the submitted lists before anything is written; one value per cell; each
 * cell's value or raw value fits its criterion's kind (`criterionKinds` in list order, issue 31).
 */
export function assertEvaluationIndexes(
  evaluations: readonly IndexedEvaluation[],
  optionCount: number,
  criterionKinds: readonly ('score' | 'measure')[],
  scale: { min: number; max: number },
  isTeam = false,
): void {
  const fields: Record<string, string> = {};
  const cells = new Set<string>();
  evaluations.forEach((evaluation, index) => {
    const kind = criterionKinds[evaluation.criterion_index];
    if (kind !== 'measure') addOffScaleValues(evaluation, index, scale, fields);
    addCellKindIssues(evaluation, kind, `evaluations.${index}`, 'criterion_index', isTeam, fields);
    if (evaluation.option_index >= optionCount)
      fields[`evaluations.${index}.option_index`] = 'validation.unknownOption';
    if (evaluation.criterion_index >= criterionKinds.length) {
      fields[`evaluations.${index}.criterion_index`] = 'validation.unknownCriterion';
    }
    const cell = `${evaluation.option_index}:${evaluation.criterion_index}`;
    if (cells.has(cell)) fields[`evaluations.${index}`] = 'validation.duplicateCell';
    cells.add(cell);
  });
  if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', fields);
}
