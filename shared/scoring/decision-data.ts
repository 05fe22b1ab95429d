import {
  analyseDecision,
  knockoutsOf,
  valuesOfCells,
  type Analysis,
  type AnalysisCriterion,
} from './analysis.ts';
import {
  computePersonalTotals,
  countedPersonalCells,
  rankOptions,
  type RankedOption,
  type ScoredOption,
} from './personal.ts';
import {
  computeTeamCells,
  computeTeamTotals,
  computeTeamWeights,
  type MemberWeight,
  type TeamCell,
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
  evaluations: readonly TeamCell[],
  weights: readonly MemberWeight[],
): { criteria: AnalysisCriterion[]; values: Map<string, number>; unscored: Set<number> } {
  if (decision.type !== 'team') {
    return {
      criteria: criteria.map(({ id, importance, minimum }) => ({ id, weight: importance, minimum })),
      values: valuesOfCells(countedPersonalCells(evaluations, decision.user_id)),
      unscored: new Set(),
    };
  }
  const teamWeights = computeTeamWeights(criteria, weights);
  const values = new Map(
    [...computeTeamCells(evaluations, decision.mode)].map(([key, cell]) => [key, cell.mean]),
  );
  const criterionIds = new Set(criteria.map((criterion) => criterion.id));
  const scored = new Set(
    [...values.keys()].flatMap((key) => {
      const [optionId, criterionId] = key.split(':').map(Number) as [number, number];
      return criterionIds.has(criterionId) ? [optionId] : [];
    }),
  );
  return {
    criteria: criteria.map(({ id, minimum }) => ({ id, weight: teamWeights.get(id) ?? 0, minimum })),
    values,
    // A team option nobody voted on has no result ("no votes yet"): it is neither ranked nor knocked out.
    unscored: new Set(options.filter((option) => !scored.has(option.id)).map((option) => option.id)),
  };
}

/** The ranking of DESIGN.md with the must-have rule: knocked-out options after every option that passes. */
export function computeRanking(
  decision: DecisionShape,
  options: readonly ScoredOption[],
  criteria: readonly ScoredCriterion[],
  evaluations: readonly TeamCell[],
  weights: readonly MemberWeight[],
): RankedOption[] {
  const totals =
    decision.type === 'team'
      ? computeTeamTotals(options, criteria, evaluations, weights, decision.mode)
      : computePersonalTotals(options, criteria, countedPersonalCells(evaluations, decision.user_id));
  const data = scoringDataOf(decision, options, criteria, evaluations, weights);
  const knockedOut = knockoutsOf(
    options.filter((option) => !data.unscored.has(option.id)),
    data.criteria,
    data.values,
  );
  return rankOptions(totals, 2, new Set(knockedOut.map((entry) => entry.option_id)));
}

/** The analysis of a decision as it stands, seeded by its revision. */
export function analyseDecisionState(
  decision: DecisionShape & { revision: number },
  options: readonly ScoredOption[],
  criteria: readonly ScoredCriterion[],
  evaluations: readonly TeamCell[],
  weights: readonly MemberWeight[],
): Analysis {
  const data = scoringDataOf(decision, options, criteria, evaluations, weights);
  return analyseDecision({ options, ...data, seed: decision.revision });
}
