import type { AiRecommendationRequest } from '../../../shared/api/ai.ts';
import type { Decision, DecisionDetails } from '../../../shared/api/decisions.ts';
import type { TeamEditRequest } from '../../../shared/api/team.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { cellKey, cellValueOf, clampPercent, isInvalidCell } from '../../lib/matrix-model.ts';
import { mustHaveAndAnchorsOf, mustHaveAndAnchorsRequest } from '../decisions/must-have-and-anchors.ts';
import { toDateTimeLocal } from './deadline.ts';
import { duplicateRows, measuredRowRequest, savableRows, type NameRow } from './name-rows.ts';
import { measuredFieldsOf } from '../decisions/measured-criteria.ts';

const VOTE_SCALE = LIMITS.scales.team;

/**
 * The "Your vote" tab: the caller's weights (0–100) and votes (0–10) as typed text, over the stored
 * options and criteria (new rows are voted on once the set-up is saved).
 */
export interface TeamVoteValues {
  /** Criterion row key → "" (no weight) or a whole number 0–100. */
  weights: Record<string, string>;
  /** `cellKey(optionRowKey, criterionRowKey)` → "" (no vote) or digits. */
  votes: Record<string, string>;
}

/** The "Set up" tab (owner and admin): what the decision is about and how it runs. */
export interface TeamSetupValues {
  name: string;
  description: string;
  mode: Decision['mode'];
  /** The datetime-local value ("2027-05-10T14:30"), "" for no deadline. */
  deadline: string;
  resultsVisibility: Decision['results_visibility'];
  options: NameRow[];
  /** Each with its importance: the default weight while no member has weighted the criterion. */
  criteria: NameRow[];
}

/** A stored option or criterion row; its key comes from the id, so a refreshed form keeps its cells. */
export type StoredRow = NameRow & { id: number };

export interface VoteRows {
  options: StoredRow[];
  criteria: StoredRow[];
}

export function voteRowsOf(details: Pick<DecisionDetails, 'options' | 'criteria'>): VoteRows {
  return {
    options: details.options.map((option) => ({
      key: `option-${option.id}`,
      id: option.id,
      name: option.name,
    })),
    criteria: details.criteria.map((criterion) => ({
      key: `criterion-${criterion.id}`,
      id: criterion.id,
      name: criterion.name,
      // Shown beside the vote inputs: what the ends of the scale mean.
      anchors: mustHaveAndAnchorsOf(criterion).anchors,
      // Issue 31: a measured criterion's cells are facts, shown read-only; members never vote on them.
      isMeasured: criterion.kind === 'measure',
      unit: criterion.unit ?? '',
    })),
  };
}

/** The vote tab as the server sees it now: the caller's own weights and votes, nobody else's. */
export function voteValuesFrom(details: DecisionDetails, userId: number | undefined): TeamVoteValues {
  const { options, criteria } = voteRowsOf(details);
  const optionKeys = new Map(options.map((row) => [row.id, row.key]));
  const criterionKeys = new Map(criteria.map((row) => [row.id, row.key]));
  const ownWeights = userId === undefined ? [] : (details.weightsByUser[String(userId)] ?? []);
  const weights: Record<string, string> = {};
  for (const { criterion_id, weight } of ownWeights) {
    const key = criterionKeys.get(criterion_id);
    if (key) weights[key] = String(weight);
  }
  const votes: Record<string, string> = {};
  for (const evaluation of details.evaluations) {
    if (evaluation.generated_by !== 'user' || evaluation.user_id !== userId) continue;
    const optionKey = optionKeys.get(evaluation.option_id);
    const criterionKey = criterionKeys.get(evaluation.criterion_id);
    if (optionKey && criterionKey) votes[cellKey(optionKey, criterionKey)] = String(evaluation.value);
  }
  return { weights, votes };
}

/** The set-up tab as stored: names, mode, deadline and the lists with their importances. */
export function setupValuesFrom(details: DecisionDetails): TeamSetupValues {
  const { decision } = details;
  const { options } = voteRowsOf(details);
  return {
    name: decision.name,
    description: decision.description,
    mode: decision.mode,
    deadline: decision.timer ? toDateTimeLocal(decision.timer) : '',
    resultsVisibility: decision.results_visibility,
    options,
    criteria: details.criteria.map((criterion) => ({
      key: `criterion-${criterion.id}`,
      id: criterion.id,
      name: criterion.name,
      importance: criterion.importance,
      ...mustHaveAndAnchorsOf(criterion),
      ...measuredFieldsOf(criterion),
    })),
  };
}

export function hasInvalidVotes(votes: TeamVoteValues['votes']): boolean {
  return Object.values(votes).some((text) => isInvalidCell(text, VOTE_SCALE));
}

export function hasDuplicateRows(values: Pick<TeamSetupValues, 'options' | 'criteria'>): boolean {
  return duplicateRows(values.options).size > 0 || duplicateRows(values.criteria).size > 0;
}

/**
 * PUT /api/team-decisions/{id} from the vote tab: the caller's votes and weights by stored id. Present
 * lists replace all of the caller's own, so an emptied cell removes its vote and an empty weight is null.
 */
export function voteRequestFrom(values: TeamVoteValues, rows: VoteRows): TeamEditRequest {
  const votes: NonNullable<TeamEditRequest['votes']> = [];
  for (const option of rows.options) {
    for (const criterion of rows.criteria) {
      if (criterion.isMeasured) continue;
      const value = cellValueOf(values.votes[cellKey(option.key, criterion.key)], VOTE_SCALE);
      if (value !== null) votes.push({ option_id: option.id, criterion_id: criterion.id, value });
    }
  }
  const weights = rows.criteria.map((criterion) => ({
    criterion_id: criterion.id,
    weight: clampPercent(values.weights[criterion.key] ?? ''),
  }));
  return { votes, weights };
}

/** Options and criteria as the API takes them: stored rows keep their id, so renames keep their votes. */
function listsFrom(values: Pick<TeamSetupValues, 'options' | 'criteria'>) {
  return {
    options: savableRows(values.options).map((option) =>
      option.id ? { id: option.id, name: option.name } : { name: option.name },
    ),
    criteria: savableRows(values.criteria).map((criterion) => ({
      ...(criterion.id ? { id: criterion.id } : {}),
      name: criterion.name,
      importance: criterion.importance ?? 0,
      ...mustHaveAndAnchorsRequest(criterion),
      ...measuredRowRequest(criterion),
    })),
  };
}

/**
 * PUT /api/team-decisions/{id} from the set-up tab: names and lists only (blank and duplicate rows
 * left out), so the caller's own votes and weights stay as they are. Mode, deadline and results
 * visibility have calls of their own.
 */
export function setupRequestFrom(values: TeamSetupValues): TeamEditRequest {
  return { name: values.name.trim(), description: values.description, ...listsFrom(values) };
}

/** The team AI request (POST /api/team-ai/recommendation/{id}): the same lists the set-up save sends. */
export function aiRequestFrom(values: TeamSetupValues): AiRecommendationRequest {
  return { decisionName: values.name.trim(), description: values.description.trim(), ...listsFrom(values) };
}
