import {
  analyseDecision,
  knockoutsOf,
  valuesOfCells,
  type Analysis,
  type AnalysisCriterion,
} from './analysis.ts';
import { isMeasured, type MeasureDirection } from './measure.ts';
import {
  computePersonalTotals,
  countedPersonalCells,
  rankOptions,
  type RankedOption,
  type ScoredOption,
} from './personal.ts';
import {
  cellKey,
  completeVotersOf,
  computeTeamCells,
  computeTeamTotals,
  teamWeightsOf,
  teamVotesOf,
  type MemberWeight,
  type TeamCell,
  type TeamVotes,
} from './team.ts';

export interface DecisionShape {
  type: 'private' | 'public' | 'team';
  mode: 'manual' | 'ai';
  user_id: number;
}

export interface ScoredCriterion {
  id: number;
  importance: number;
  minimum?: number | null;
  /** Issue 31: measured criteria compare their must-have with the raw value, by direction. */
  kind?: 'score' | 'measure';
  direction?: MeasureDirection | null;
}

/** A criterion's must-have as the analysis reads it: a measured one's in its unit, by direction. */
function analysisCriterionOf(criterion: ScoredCriterion, weight: number): AnalysisCriterion {
  const direction = isMeasured(criterion) ? (criterion.direction ?? 'higher') : null;
  return { id: criterion.id, weight, minimum: criterion.minimum, direction };
}

/**
 * What a decision's figures are computed from: a personal decision's cells (the owner's and the AI's
 * count), or a team decision's tallies (issue 27: per-cell aggregates, never every vote).
 */
export type DecisionVotes =
  { type: 'personal'; evaluations: readonly TeamCell[] } | { type: 'team'; votes: TeamVotes };

/**
 * The votes of raw rows (what exports, migrations and tests hold), with the team's tallies made as the
 * database makes them: of the matrix's cells only.
 */
export function decisionVotesOf(
  decision: Pick<DecisionShape, 'type'>,
  matrix: { options: readonly ScoredOption[]; criteria: readonly ScoredCriterion[] },
  evaluations: readonly TeamCell[],
  weights: readonly MemberWeight[],
): DecisionVotes {
  return decision.type === 'team'
    ? { type: 'team', votes: teamVotesOf(evaluations, weights, matrix) }
    : { type: 'personal', evaluations };
}

/**
 * The numbers a decision's result rests on (issue 17): per criterion the weight that counts
 * (personal: the importance; team: the team weight) and per cell the value that counts (personal: the
 * owner's or the AI's; team: the mean of the votes, AI mode the AI's). Ranking and analysis read the
 * same data, so a must-have knocks out the same options in both.
 */
export function scoringDataOf(
  decision: DecisionShape,
  options: readonly ScoredOption[],
  criteria: readonly ScoredCriterion[],
  input: DecisionVotes,
): {
  criteria: AnalysisCriterion[];
  values: Map<string, number>;
  measures: Map<string, number>;
  unscored: Set<number>;
} {
  if (input.type === 'personal') {
    const counted = countedPersonalCells(input.evaluations, decision.user_id);
    return {
      criteria: criteria.map((criterion) => analysisCriterionOf(criterion, criterion.importance)),
      values: valuesOfCells(counted),
      measures: new Map(
        counted.flatMap((cell) =>
          cell.measure === null || cell.measure === undefined
            ? []
            : [[cellKey(cell.option_id, cell.criterion_id), cell.measure] as const],
        ),
      ),
      unscored: new Set(),
    };
  }
  const { votes } = input;
  const teamWeights = teamWeightsOf(criteria, votes, decision.mode);
  const values = new Map([...computeTeamCells(votes, decision.mode)].map(([key, cell]) => [key, cell.mean]));
  const criterionIds = new Set(criteria.map((criterion) => criterion.id));
  const scored = new Set(
    [...values.keys()].flatMap((key) => {
      const [optionId, criterionId] = key.split(':').map(Number) as [number, number];
      return criterionIds.has(criterionId) ? [optionId] : [];
    }),
  );
  return {
    criteria: criteria.map((criterion) => analysisCriterionOf(criterion, teamWeights.get(criterion.id) ?? 0)),
    values,
    measures: new Map([...(votes.facts ?? [])].map(([key, fact]) => [key, fact.measure])),
    // A team option nobody voted on has no result ("no votes yet"): it is neither ranked nor knocked out.
    unscored: new Set(options.filter((option) => !scored.has(option.id)).map((option) => option.id)),
  };
}

/**
 * Why a decision names no leading option (issue 25: never a number that misleads):
 * - `no_matrix`: no options or no criteria yet;
 * - `missing_cells`: an empty cell in an option that is not knocked out (personal; a team in AI mode:
 *   a cell the AI has not scored);
 * - `no_complete_voter`: a team decision nobody has voted on in full (AI mode: before the AI scored it);
 * - `no_weights`: every weight (importance, team weight) is 0, so every total would be 0;
 * - `all_knocked_out`: every option misses a must-have.
 */
export type NoResultReason =
  'no_matrix' | 'missing_cells' | 'no_complete_voter' | 'no_weights' | 'all_knocked_out';

export interface DecisionResult {
  /** Best first; while there is no result no entry `is_top`, and without any weight no entry has a total. */
  ranking: RankedOption[];
  /**
   * Personal: no empty cell in an option that is not knocked out. Team: the result counts (a complete
   * voter, or the AI's scores in AI mode, and team weights above 0). Totals shown before are provisional.
   */
  complete: boolean;
  /** Cells without a value (personal) or without any vote (team) in options that are not knocked out. */
  missing_cells: number;
  /** Why no option leads; null when one (or a tie) does. */
  no_result_reason: NoResultReason | null;
}

/** The cells of options that are not knocked out (nor unscored) that have no value. */
function missingCellsOf(
  options: readonly ScoredOption[],
  criteria: readonly { id: number }[],
  values: ReadonlyMap<string, number>,
  excluded: ReadonlySet<number>,
): number {
  let missing = 0;
  for (const option of options) {
    if (excluded.has(option.id)) continue;
    for (const criterion of criteria) if (!values.has(cellKey(option.id, criterion.id))) missing += 1;
  }
  return missing;
}

/**
 * The result of DESIGN.md with the must-have rule (knocked-out options after every option that
 * passes) and with an honest state: a leader is named only once the result is complete and some
 * weight counts (`no_result_reason`). One function for details, list, stored score, notices and exports.
 */
export function computeResult(
  decision: DecisionShape,
  options: readonly ScoredOption[],
  criteria: readonly ScoredCriterion[],
  evaluations: readonly TeamCell[],
  weights: readonly MemberWeight[],
): DecisionResult {
  return resultOf(
    decision,
    options,
    criteria,
    decisionVotesOf(decision, { options, criteria }, evaluations, weights),
  );
}

/** `computeResult` from the votes as the server keeps them (a team's tallies). */
export function resultOf(
  decision: DecisionShape,
  options: readonly ScoredOption[],
  criteria: readonly ScoredCriterion[],
  input: DecisionVotes,
): DecisionResult {
  const isTeam = input.type === 'team';
  const totals =
    input.type === 'team'
      ? computeTeamTotals(options, criteria, input.votes, decision.mode)
      : computePersonalTotals(options, criteria, countedPersonalCells(input.evaluations, decision.user_id));
  const data = scoringDataOf(decision, options, criteria, input);
  const knockedOut = new Set(
    knockoutsOf(
      options.filter((option) => !data.unscored.has(option.id)),
      data.criteria,
      data.values,
      data.measures,
    ).map((entry) => entry.option_id),
  );
  const missing_cells = missingCellsOf(options, criteria, data.values, knockedOut);
  const hasWeight = data.criteria.some((criterion) => criterion.weight > 0);
  // The matrix that counts must be full: the owner's (personal), the AI's (team in AI mode: no member
  // votes on cells there) or at least one voter's (team in manual mode).
  const hasAiCells =
    input.type === 'team'
      ? input.votes.aiCells.size > 0
      : input.evaluations.some((evaluation) => evaluation.generated_by === 'ai');
  const hasCompleteVote =
    input.type !== 'team' || decision.mode === 'ai'
      ? missing_cells === 0 && (!isTeam || hasAiCells)
      : criteria.every(isMeasured)
        ? // Only measured criteria: the facts are the whole matrix (issue 31).
          missing_cells === 0
        : completeVotersOf('manual', { options, criteria }, input.votes).size > 0;
  const hasPassingOption = options.some(
    (option) => !knockedOut.has(option.id) && !data.unscored.has(option.id),
  );
  const no_result_reason: NoResultReason | null =
    options.length === 0 || criteria.length === 0
      ? 'no_matrix'
      : !hasCompleteVote
        ? isTeam && (decision.mode === 'manual' || !hasAiCells)
          ? 'no_complete_voter'
          : 'missing_cells'
        : !hasWeight
          ? 'no_weights'
          : !hasPassingOption
            ? 'all_knocked_out'
            : null;
  // Without any weight every total is 0, which says nothing about the options: no totals at all.
  const shownTotals = hasWeight
    ? totals
    : new Map([...totals].map(([optionId]) => [optionId, null] as [number, number | null]));
  const ranking = rankOptions(shownTotals, 2, knockedOut).map((entry) =>
    no_result_reason === null ? entry : { ...entry, is_top: false },
  );
  return {
    ranking,
    complete: isTeam
      ? no_result_reason === null || no_result_reason === 'all_knocked_out'
      : missing_cells === 0,
    missing_cells,
    no_result_reason,
  };
}

/** The analysis of a decision as it stands, seeded by its revision. */
export function analyseDecisionState(
  decision: DecisionShape & { revision: number },
  options: readonly ScoredOption[],
  criteria: readonly ScoredCriterion[],
  input: DecisionVotes,
): Analysis {
  const data = scoringDataOf(decision, options, criteria, input);
  return analyseDecision({ options, ...data, seed: decision.revision });
}
