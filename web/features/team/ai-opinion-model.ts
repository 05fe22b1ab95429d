import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { knockoutsOf, valuesOfCells } from '../../../shared/scoring/analysis.ts';
import { computePersonalTotals, rankOptions } from '../../../shared/scoring/personal.ts';
import { cellKey as scoringCellKey } from '../../../shared/scoring/team.ts';
import { cellKey } from '../../lib/matrix-model.ts';

/** The AI's value of one cell beside the team's. */
export interface AiOpinionCell {
  value: number;
  explanation: string | null;
  /** The AI and the team are LIMITS.ai.opinionDifference or more apart (never where the team has no value). */
  isDifferent: boolean;
}

/** What the AI's values would decide with the team's weights. */
export type AiVerdict =
  /** The AI's leader(s) are the team's top option(s). */
  | { kind: 'agrees' }
  /** Another option would lead (several on a tie), best first in the options' order. */
  | { kind: 'differs'; optionIds: number[] };

export interface AiOpinionComparison {
  /** When the AI was asked (a new run replaces the previous one). */
  createdAt: string;
  /** By `cellKey(option id, criterion id)`. */
  cells: Map<string, AiOpinionCell>;
  differingCount: number;
  /** null when the AI's values decide nothing (e.g. every team weight is 0). */
  verdict: AiVerdict | null;
}

type ComparedDetails = Pick<
  DecisionDetails,
  'options' | 'criteria' | 'results' | 'teamResults' | 'aiOpinion'
> & {
  /** The team's facts among them: what a measured criterion's must-have compares with (issue 31). */
  evaluations?: DecisionDetails['evaluations'];
};

// Team values are means: a hair below the threshold from floating point still counts as reaching it.
const EPSILON = 1e-9;

/** Whether the AI and the team see a cell differently enough to talk about it. */
export function isOpinionDifferent(teamValue: number | null | undefined, aiValue: number): boolean {
  if (teamValue === null || teamValue === undefined) return false;
  return Math.abs(aiValue - teamValue) >= LIMITS.ai.opinionDifference - EPSILON;
}

/**
 * The team's weights applied to the AI's values, by the shared scoring (must-haves included): the
 * option(s) the AI's values put on top, compared with the team's top option(s).
 */
export function aiVerdictOf(details: ComparedDetails): AiVerdict | null {
  const cells = details.aiOpinion?.cells ?? [];
  const weights = new Map(
    (details.teamResults?.weights ?? []).map((entry) => [entry.criterion_id, entry.weight]),
  );
  const criteria = details.criteria.map((criterion) => ({
    id: criterion.id,
    importance: weights.get(criterion.id) ?? 0,
    weight: weights.get(criterion.id) ?? 0,
    minimum: criterion.minimum,
    // A measured criterion's must-have is in its unit, met or missed by the facts (issue 31).
    direction: criterion.kind === 'measure' ? (criterion.direction ?? 'higher') : null,
  }));
  const facts = new Map(
    (details.evaluations ?? []).flatMap((cell) =>
      cell.generated_by === 'fact' && cell.user_id === null && typeof cell.measure === 'number'
        ? [[scoringCellKey(cell.option_id, cell.criterion_id), cell.measure] as const]
        : [],
    ),
  );
  const knockedOut = knockoutsOf(details.options, criteria, valuesOfCells(cells), facts);
  const ranking = rankOptions(
    computePersonalTotals(details.options, criteria, cells),
    2,
    new Set(knockedOut.map((entry) => entry.option_id)),
  );
  const aiTop = ranking
    .filter((entry) => entry.is_top && (entry.total ?? 0) > 0)
    .map((entry) => entry.option_id);
  if (!aiTop.length) return null;
  // As the team matrix: a top option counts once any option has a result above 0.
  const hasTeamResult = details.results.ranking.some((entry) => (entry.total ?? 0) > 0);
  const teamTop = new Set(
    hasTeamResult
      ? details.results.ranking.filter((entry) => entry.is_top).map((entry) => entry.option_id)
      : [],
  );
  const agrees = aiTop.length === teamTop.size && aiTop.every((optionId) => teamTop.has(optionId));
  return agrees ? { kind: 'agrees' } : { kind: 'differs', optionIds: aiTop };
}

/** The AI's opinion cell by cell beside the team values, and what it would decide. null without one. */
export function compareAiOpinion(details: ComparedDetails): AiOpinionComparison | null {
  if (!details.aiOpinion) return null;
  const teamValues = new Map(
    (details.teamResults?.cells ?? [])
      .filter((cell) => cell.votes > 0)
      .map((cell) => [cellKey(cell.option_id, cell.criterion_id), cell.value]),
  );
  const cells = new Map<string, AiOpinionCell>();
  for (const cell of details.aiOpinion.cells) {
    const key = cellKey(cell.option_id, cell.criterion_id);
    cells.set(key, {
      value: cell.value,
      explanation: cell.explanation,
      isDifferent: isOpinionDifferent(teamValues.get(key), cell.value),
    });
  }
  return {
    createdAt: details.aiOpinion.created_at,
    cells,
    differingCount: [...cells.values()].filter((cell) => cell.isDifferent).length,
    verdict: aiVerdictOf(details),
  };
}

/**
 * The caller's own vote is complete: a value in every cell. Until then the server holds the AI's
 * opinion back from them (their details list only their own values in manual mode).
 */
export function isOwnVoteComplete(
  details: Pick<DecisionDetails, 'options' | 'criteria' | 'evaluations'>,
): boolean {
  const voted = new Set(
    details.evaluations
      .filter((evaluation) => evaluation.generated_by === 'user')
      .map((evaluation) => cellKey(evaluation.option_id, evaluation.criterion_id)),
  );
  return details.options.every((option) =>
    details.criteria.every((criterion) => voted.has(cellKey(option.id, criterion.id))),
  );
}
