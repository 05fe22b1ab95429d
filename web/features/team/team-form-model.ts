import type { AiRecommendationRequest } from '../../../shared/api/ai.ts';
import type { DecisionDetails, UpdateDecisionRequest } from '../../../shared/api/decisions.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { savableRows, type NameRow } from './name-rows.ts';

const { min: VOTE_MIN, max: VOTE_MAX } = LIMITS.scales.evaluate;

/** What the edit form holds: names, the caller's weights (0–100) and votes (0–10) as typed text. */
export interface TeamFormValues {
  name: string;
  description: string;
  options: NameRow[];
  criteria: NameRow[];
  /** Criterion row key → "" (no weight) or a whole number 0–100. */
  weights: Record<string, string>;
  /** `${optionKey}|${criterionKey}` → "" (no vote) or digits. */
  votes: Record<string, string>;
}

export const optionKey = (id: number) => `option-${id}`;
export const criterionKey = (id: number) => `criterion-${id}`;
export const voteKey = (optionRowKey: string, criterionRowKey: string) =>
  `${optionRowKey}|${criterionRowKey}`;

/** The form as the server sees it now: stored names, and the caller's own weights and votes. */
export function valuesFrom(details: DecisionDetails, userId: number | undefined): TeamFormValues {
  const ownWeights = userId === undefined ? [] : (details.weightsByUser[String(userId)] ?? []);
  const weights: Record<string, string> = {};
  for (const weight of ownWeights) weights[criterionKey(weight.criterion_id)] = String(weight.weight);
  const votes: Record<string, string> = {};
  for (const evaluation of details.evaluations) {
    if (evaluation.generated_by !== 'user' || evaluation.user_id !== userId) continue;
    votes[voteKey(optionKey(evaluation.option_id), criterionKey(evaluation.criterion_id))] = String(
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

/** A typed vote as a number, null when empty, NaN when outside 0–10. */
export function parseVote(text: string | undefined): number | null {
  if (!text) return null;
  const value = Number(text);
  return Number.isInteger(value) && value >= VOTE_MIN && value <= VOTE_MAX ? value : Number.NaN;
}

export function hasInvalidVotes(values: TeamFormValues): boolean {
  return Object.values(values.votes).some((text) => Number.isNaN(parseVote(text)));
}

export function parseWeight(text: string | undefined): number | null {
  if (!text) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/**
 * The owner's or admin's save: names, lists (ids kept), and their own votes by position, in one
 * PUT. Blank and duplicate rows are left out, and so are the votes of their cells.
 */
export function updateRequestFrom(values: TeamFormValues, mode: 'manual' | 'ai'): UpdateDecisionRequest {
  const options = savableRows(values.options);
  const criteria = savableRows(values.criteria);
  const evaluations: NonNullable<UpdateDecisionRequest['evaluations']> = [];
  options.forEach((option, optionIndex) => {
    criteria.forEach((criterion, criterionIndex) => {
      const value = parseVote(values.votes[voteKey(option.key, criterion.key)]);
      if (value !== null && !Number.isNaN(value)) {
        evaluations.push({
          option_index: optionIndex,
          criterion_index: criterionIndex,
          value,
          explanation: null,
        });
      }
    });
  });
  return {
    name: values.name.trim(),
    description: values.description,
    mode,
    type: 'team',
    ...listsFrom(values),
    evaluations,
  };
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

/** The team AI request (POST /api/team-ai/recommendation/{id}): the same lists the save sends. */
export function aiRequestFrom(values: TeamFormValues): AiRecommendationRequest {
  return { decisionName: values.name.trim(), description: values.description.trim(), ...listsFrom(values) };
}

/** The caller's weights for the stored criteria; rows without a stored id are matched by name. */
export function weightsFor(
  values: TeamFormValues,
  storedCriteria: DecisionDetails['criteria'],
): { criterion_id: number; weight: number | null }[] {
  const rows = savableRows(values.criteria);
  return storedCriteria.map((criterion) => {
    const row =
      rows.find((candidate) => candidate.id === criterion.id) ??
      rows.find((candidate) => candidate.name.toLocaleLowerCase() === criterion.name.toLocaleLowerCase());
    return { criterion_id: criterion.id, weight: row ? parseWeight(values.weights[row.key]) : null };
  });
}

/** An editor's votes: only cells with a value are sent (SPEC.md section 5). */
export function votesFor(values: TeamFormValues, details: DecisionDetails) {
  const evaluations: { option_id: number; criterion_id: number; value: number; explanation: null }[] = [];
  for (const option of details.options) {
    for (const criterion of details.criteria) {
      const value = parseVote(values.votes[voteKey(optionKey(option.id), criterionKey(criterion.id))]);
      if (value !== null && !Number.isNaN(value)) {
        evaluations.push({ option_id: option.id, criterion_id: criterion.id, value, explanation: null });
      }
    }
  }
  return evaluations;
}
