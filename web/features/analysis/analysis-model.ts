import type { DecisionAnalysis } from '../../../shared/api/analysis.ts';
import type { DecisionDetails, UpdateDecisionRequest } from '../../../shared/api/decisions.ts';
import {
  analyseDecision,
  knockoutsOf,
  valuesOfCells,
  weightedTotalsOf,
  type AnalysisCriterion,
  type KnockedOut,
} from '../../../shared/scoring/analysis.ts';
import { countedPersonalCells, rankOptions, type RankedOption } from '../../../shared/scoring/personal.ts';
import { roundedSharesOf } from '../../../shared/scoring/shares.ts';
import { cellKey } from '../../../shared/scoring/team.ts';

/**
 * What a decision's result rests on, read from its details (the browser's side of
 * shared/scoring/decision-data.ts `scoringDataOf`): personal decisions the importances and the owner's
 * (or the AI's) values; team decisions the team weights and the team cells, whose means the details
 * carry rounded to 2 decimals. The what-if sliders recompute everything from this.
 */
export interface AnalysisData {
  options: { id: number; name: string }[];
  /** `weight` is the saved one: the importance, or the team weight. */
  /** `unit`: a measured criterion's (issue 31), for the words of its must-have. */
  criteria: (AnalysisCriterion & { name: string; unit?: string | null })[];
  values: Map<string, number>;
  /** Issue 31: the raw values of measured criteria (personal: the owner's; team: the facts). */
  measures: Map<string, number>;
  /** Team options nobody voted on: no result, neither ranked nor knocked out. */
  unscored: Set<number>;
}

/** Weights per criterion id: the saved ones, or the ones the what-if sliders hold. */
export type Weights = ReadonlyMap<number, number>;

/**
 * The details carry no revision, so the what-if variations use this fixed seed. While the weights are
 * unchanged the screen shows the server's figures (seeded by the revision) instead.
 */
export const WHAT_IF_SEED = 1;

export function analysisDataOf(details: DecisionDetails): AnalysisData {
  const options = details.options.map(({ id, name }) => ({ id, name }));
  // A measured criterion's must-have is in its unit and compares raw values by direction (issue 31).
  const directionOf = (criterion: DecisionDetails['criteria'][number]) =>
    criterion.kind === 'measure' ? (criterion.direction ?? 'higher') : null;
  const measuresOf = (
    cells: readonly { option_id: number; criterion_id: number; measure?: number | null }[],
  ) =>
    new Map(
      cells.flatMap((cell) =>
        cell.measure === null || cell.measure === undefined
          ? []
          : [[cellKey(cell.option_id, cell.criterion_id), cell.measure] as const],
      ),
    );
  if (details.decision.type !== 'team') {
    const counted = countedPersonalCells(details.evaluations, details.decision.user_id);
    return {
      options,
      criteria: details.criteria.map((criterion) => ({
        id: criterion.id,
        name: criterion.name,
        weight: criterion.importance,
        minimum: criterion.minimum,
        direction: directionOf(criterion),
        unit: criterion.unit ?? null,
      })),
      values: valuesOfCells(counted),
      measures: measuresOf(counted),
      unscored: new Set(),
    };
  }
  // Without team results (hidden from the reader) nothing is scored.
  const teamResults = details.teamResults ?? { weights: [], cells: [] };
  const teamWeights = new Map(teamResults.weights.map((entry) => [entry.criterion_id, entry.weight]));
  const criterionIds = new Set(details.criteria.map((criterion) => criterion.id));
  const cells = teamResults.cells.filter((cell) => cell.votes > 0 && criterionIds.has(cell.criterion_id));
  const scored = new Set(cells.map((cell) => cell.option_id));
  return {
    options,
    criteria: details.criteria.map((criterion) => ({
      id: criterion.id,
      name: criterion.name,
      weight: teamWeights.get(criterion.id) ?? criterion.importance,
      minimum: criterion.minimum,
      direction: directionOf(criterion),
      unit: criterion.unit ?? null,
    })),
    values: valuesOfCells(cells),
    measures: measuresOf(
      details.evaluations.filter((cell) => cell.generated_by === 'fact' && cell.user_id === null),
    ),
    unscored: new Set(options.filter((option) => !scored.has(option.id)).map((option) => option.id)),
  };
}

/**
 * Whether the analysis has anything to say: options, criteria and a result (personal: some total above
 * 0; team: some option somebody voted on). Hidden team results never get here.
 */
export function hasResultToAnalyse(details: DecisionDetails): boolean {
  if (!details.options.length || !details.criteria.length || details.resultsHiddenUntil !== null)
    return false;
  const reason = details.results.no_result_reason;
  // Without weights the panel says so and its sliders try some; any other missing result (empty cells,
  // nobody complete, all knocked out) has no leader whose robustness could be told.
  if (reason === 'no_weights') return details.decision.type === 'team';
  if (reason !== null) return false;
  return details.results.ranking.some((entry) =>
    details.decision.type === 'team' ? entry.total !== null : (entry.total ?? 0) > 0,
  );
}

export function savedWeightsOf(data: AnalysisData): Map<number, number> {
  return new Map(data.criteria.map((criterion) => [criterion.id, criterion.weight]));
}

/**
 * The what-if weights: the saved ones with the user's changes on top. Criteria added meanwhile start at
 * their saved weight; changes to removed criteria are dropped.
 */
export function weightsWithChanges(saved: Weights, changes: Weights | null): Map<number, number> {
  return new Map([...saved].map(([id, weight]) => [id, changes?.get(id) ?? weight]));
}

/** Whether any what-if weight differs from the saved one (a slider moved back counts as unchanged). */
export function hasChangedWeights(saved: Weights, weights: Weights): boolean {
  return [...saved].some(([id, weight]) => (weights.get(id) ?? weight) !== weight);
}

function criteriaWith(data: AnalysisData, weights: Weights): AnalysisCriterion[] {
  return data.criteria.map(({ id, weight, minimum, direction }) => ({
    id,
    weight: weights.get(id) ?? weight,
    minimum,
    direction: direction ?? null,
  }));
}

/** The analysis of the data under other weights, computed in the browser by the server's own function. */
export function whatIfAnalysisOf(data: AnalysisData, weights: Weights): DecisionAnalysis {
  return analyseDecision({
    options: data.options,
    criteria: criteriaWith(data, weights),
    values: data.values,
    measures: data.measures,
    unscored: data.unscored,
    seed: WHAT_IF_SEED,
  });
}

/**
 * The ranking under other weights, by the same rules as the server's: Σ value × weight / Σ weight
 * (2 decimals), options that miss a must-have after every option that passes and never top,
 * options nobody voted on last without a total.
 */
export function liveRankingOf(data: AnalysisData, weights: Weights): RankedOption[] {
  const criteria = criteriaWith(data, weights);
  const scored = data.options.filter((option) => !data.unscored.has(option.id));
  // Every option in the details' order (ties keep it); unscored ones stay without a total.
  const totals = new Map<number, number | null>(data.options.map((option) => [option.id, null]));
  weightedTotalsOf(scored, criteria, data.values).forEach((total, index) =>
    totals.set(scored[index]!.id, total),
  );
  const knockedOut = knockoutsOf(scored, criteria, data.values, data.measures);
  return rankOptions(totals, 2, new Set(knockedOut.map((entry) => entry.option_id)));
}

/** Every must-have an option misses, per option (the reasons shown beside a knocked-out option). */
export function knockoutsByOption(knockedOut: readonly KnockedOut[]): Map<number, KnockedOut[]> {
  const byOption = new Map<number, KnockedOut[]>();
  for (const entry of knockedOut)
    byOption.set(entry.option_id, [...(byOption.get(entry.option_id) ?? []), entry]);
  return byOption;
}

/** The must-haves each option of the details misses, by the saved weights (they do not matter here). */
export function knockoutsOfDetails(details: DecisionDetails): Map<number, KnockedOut[]> {
  const data = analysisDataOf(details);
  return knockoutsByOption(
    knockoutsOf(
      data.options.filter((option) => !data.unscored.has(option.id)),
      data.criteria,
      data.values,
      data.measures,
    ),
  );
}

/**
 * What "Use these weights" saves: each criterion's share as a whole percent, adding up to exactly 100
 * (team weights are whole numbers 0–100, and a member's weights are averaged with the others', so they
 * must be on one footing; importances then read as percents too).
 */
export function sharesToSave(data: AnalysisData, weights: Weights): Map<number, number> {
  return roundedSharesOf(
    new Map(criteriaWith(data, weights).map((criterion) => [criterion.id, criterion.weight])),
  );
}

/**
 * PUT /api/decision/{id} that changes only the importances: the criteria by id with their names; options,
 * evaluations, description, must-haves and anchors are absent, which keeps them as they are.
 */
export function importancesUpdateOf(
  details: DecisionDetails,
  importances: ReadonlyMap<number, number>,
): UpdateDecisionRequest {
  return {
    name: details.decision.name,
    criteria: details.criteria.map((criterion) => ({
      id: criterion.id,
      name: criterion.name,
      importance: importances.get(criterion.id) ?? criterion.importance,
    })),
  };
}

/** POST /api/decision/{id}/weights: the caller's own weight for every criterion. */
export function ownWeightsRequestOf(weights: ReadonlyMap<number, number>) {
  return { weights: [...weights].map(([criterion_id, weight]) => ({ criterion_id, weight })) };
}
