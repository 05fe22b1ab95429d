import type { AiRecommendationRequest } from '../../../shared/api/ai.ts';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import type { TeamEditRequest } from '../../../shared/api/team.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { cellKey, cellValueOf, clampPercent, isInvalidCell } from '../../lib/matrix-model.ts';
import { duplicateRows, savableRows, type NameRow } from './name-rows.ts';

const VOTE_SCALE = LIMITS.scales.team;

/** What the edit form holds: names, the caller's weights (0–100) and votes (0–10) as typed text. */
export interface TeamFormValues {
  name: string;
  description: string;
  options: NameRow[];
  criteria: NameRow[];
  /** Criterion row key → "" (no weight) or a whole number 0–100. */
  weights: Record<string, string>;
  /** `cellKey(optionRowKey, criterionRowKey)` → "" (no vote) or digits. */
  votes: Record<string, string>;
}

// Stored rows get keys from their ids, so a refreshed form keeps the keys of the cells it shows.
const optionKey = (id: number) => `option-${id}`;
const criterionKey = (id: number) => `criterion-${id}`;

/** The form as the server sees it now: stored names, and the caller's own weights and votes. */
export function valuesFrom(details: DecisionDetails, userId: number | undefined): TeamFormValues {
  const ownWeights = userId === undefined ? [] : (details.weightsByUser[String(userId)] ?? []);
  const weights: Record<string, string> = {};
  for (const weight of ownWeights) weights[criterionKey(weight.criterion_id)] = String(weight.weight);
  const votes: Record<string, string> = {};
  for (const evaluation of details.evaluations) {
    if (evaluation.generated_by !== 'user' || evaluation.user_id !== userId) continue;
    votes[cellKey(optionKey(evaluation.option_id), criterionKey(evaluation.criterion_id))] = String(
      evaluation.value,
    );
  }
  return {
    name: details.decision.name,
    description: details.decision.description,
    options: details.options.map((option) => ({
      key: optionKey(option.id),
      id: option.id,
      name: option.name,
    })),
    criteria: details.criteria.map((criterion) => ({
      key: criterionKey(criterion.id),
      id: criterion.id,
      name: criterion.name,
      importance: criterion.importance,
    })),
    weights,
    votes,
  };
}

export function hasInvalidVotes(votes: TeamFormValues['votes']): boolean {
  return Object.values(votes).some((text) => isInvalidCell(text, VOTE_SCALE));
}

export function hasDuplicateRows(values: Pick<TeamFormValues, 'options' | 'criteria'>): boolean {
  return duplicateRows(values.options).size > 0 || duplicateRows(values.criteria).size > 0;
}

/** Options and criteria as the API takes them: stored rows keep their id, so renames keep their votes. */
function listsFrom(values: TeamFormValues) {
  return {
    options: savableRows(values.options).map((option) =>
      option.id ? { id: option.id, name: option.name } : { name: option.name },
    ),
    criteria: savableRows(values.criteria).map((criterion) => ({
      ...(criterion.id ? { id: criterion.id } : {}),
      name: criterion.name,
      importance: criterion.importance ?? 0,
    })),
  };
}

type VotePosition =
  { option_index: number; criterion_index: number } | { option_id: number; criterion_id: number };
type WeightPosition = { criterion_index: number } | { criterion_id: number };

/** How a request points at a row: by its position in the sent list, or by its stored id. */
interface RowReference<Row> {
  vote: (option: Row, optionIndex: number, criterion: Row, criterionIndex: number) => VotePosition;
  weight: (criterion: Row, criterionIndex: number) => WeightPosition;
}

const byIndex: RowReference<NameRow> = {
  vote: (_option, option_index, _criterion, criterion_index) => ({ option_index, criterion_index }),
  weight: (_criterion, criterion_index) => ({ criterion_index }),
};

type StoredRow = NameRow & { id: number };

const byId: RowReference<StoredRow> = {
  vote: (option, _optionIndex, criterion) => ({ option_id: option.id, criterion_id: criterion.id }),
  weight: (criterion) => ({ criterion_id: criterion.id }),
};

/** The caller's votes and weights over the given rows; emptied and invalid cells are left out. */
function votesAndWeights<Row extends NameRow>(
  values: TeamFormValues,
  options: readonly Row[],
  criteria: readonly Row[],
  reference: RowReference<Row>,
): Pick<TeamEditRequest, 'votes' | 'weights'> {
  const votes: NonNullable<TeamEditRequest['votes']> = [];
  options.forEach((option, optionIndex) => {
    criteria.forEach((criterion, criterionIndex) => {
      const value = cellValueOf(values.votes[cellKey(option.key, criterion.key)], VOTE_SCALE);
      if (value !== null)
        votes.push({ ...reference.vote(option, optionIndex, criterion, criterionIndex), value });
    });
  });
  const weights = criteria.map((criterion, criterionIndex) => ({
    ...reference.weight(criterion, criterionIndex),
    weight: clampPercent(values.weights[criterion.key] ?? ''),
  }));
  return { votes, weights };
}

const isStored = (row: NameRow): row is StoredRow => row.id !== undefined;

/**
 * PUT /api/team-decisions/{id} from the form. Owner and admin send names, lists, and their votes and
 * weights by position in the sent lists (new rows have no id yet); blank and duplicate rows are left
 * out together with their cells. Editors send only their votes and weights, by stored id.
 */
export function teamEditRequestFrom(values: TeamFormValues, canEditLists: boolean): TeamEditRequest {
  if (!canEditLists) {
    return votesAndWeights(values, values.options.filter(isStored), values.criteria.filter(isStored), byId);
  }
  return {
    name: values.name.trim(),
    description: values.description,
    ...listsFrom(values),
    ...votesAndWeights(values, savableRows(values.options), savableRows(values.criteria), byIndex),
  };
}

/** The team AI request (POST /api/team-ai/recommendation/{id}): the same lists the save sends. */
export function aiRequestFrom(values: TeamFormValues): AiRecommendationRequest {
  return { decisionName: values.name.trim(), description: values.description.trim(), ...listsFrom(values) };
}
