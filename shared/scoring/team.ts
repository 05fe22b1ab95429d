import type { CellValue, ScoredOption, WeightedCriterion } from './personal.ts';
import { isMeasured } from './measure.ts';
import { roundTo } from './rounding.ts';

export interface MemberWeight {
  criterion_id: number;
  user_id: number;
  weight: number;
}

export interface TeamCell extends CellValue {
  user_id: number | null;
  /** 'fact': a team's raw value of a measured criterion (issue 31), the same for every member. */
  generated_by: 'user' | 'ai' | 'fact';
  /** The raw value of a measured criterion's cell; `value` is then its computed score. */
  measure?: number | null;
}

/** A team's fact on a measured cell (issue 31): the raw value and the score computed from it. */
export interface FactCell {
  value: number;
  measure: number;
}

export const TEAM_RESULT_FORMULA =
  'team weight = mean over the voters who took part of their weights (a weight left empty counts as the importance; 1 decimal); cell = mean of votes (AI mode: the AI value); result = Σ cell × team weight / Σ team weight (0–10, 2 decimals; null while nobody voted on the option)';

/**
 * A cell's member votes as the database keeps them (issue 27): how many voted and the sum, sum of
 * squares, lowest and highest of their values. Every team figure of a cell follows from these, so a
 * write changes one cell's tally instead of every figure being recomputed from every vote.
 */
export interface CellVotes {
  count: number;
  sum: number;
  sumOfSquares: number;
  min: number;
  max: number;
}

/**
 * What a team decision's figures are computed from: the members' votes per cell (`CellVotes`, only
 * cells with a vote), the AI's values per cell (AI mode counts those), how many cells each member
 * scored (who voted, who is complete) and every member's weights. Keyed by `cellKey`.
 */
export interface TeamVotes {
  cells: ReadonlyMap<string, CellVotes>;
  aiCells: ReadonlyMap<string, number>;
  /** Per member with at least one own value: how many cells of the matrix they scored. */
  scoredCellsByVoter: ReadonlyMap<number, number>;
  weights: readonly MemberWeight[];
  /** Measured criteria's facts (issue 31), entered by owner and admins: they count for every member. */
  facts?: ReadonlyMap<string, FactCell>;
}

/** Adds one value to a cell's tally (the reference the database's tallies are checked against). */
function addVote(tally: CellVotes | undefined, value: number): CellVotes {
  if (!tally) return { count: 1, sum: value, sumOfSquares: value * value, min: value, max: value };
  return {
    count: tally.count + 1,
    sum: tally.sum + value,
    sumOfSquares: tally.sumOfSquares + value * value,
    min: Math.min(tally.min, value),
    max: Math.max(tally.max, value),
  };
}

/**
 * The tallies of raw rows: the same figures the database keeps per write (server/modules/decisions/
 * vote-tallies-repo.ts). With `matrix`, values outside its cells are left out, as the database's
 * cascades leave none.
 */
export function teamVotesOf(
  cells: readonly TeamCell[],
  weights: readonly MemberWeight[],
  matrix?: { options: readonly ScoredOption[]; criteria: readonly WeightedCriterion[] },
): TeamVotes {
  const optionIds = matrix && new Set(matrix.options.map((option) => option.id));
  const criterionIds = matrix && new Set(matrix.criteria.map((criterion) => criterion.id));
  const tallies = new Map<string, CellVotes>();
  const aiCells = new Map<string, number>();
  const scoredCellsByVoter = new Map<number, number>();
  const facts = new Map<string, FactCell>();
  for (const cell of cells) {
    if (optionIds && (!optionIds.has(cell.option_id) || !criterionIds!.has(cell.criterion_id))) continue;
    const key = cellKey(cell.option_id, cell.criterion_id);
    if (cell.generated_by === 'fact') {
      if (cell.measure !== null && cell.measure !== undefined)
        facts.set(key, { value: cell.value, measure: cell.measure });
    } else if (cell.generated_by === 'ai') {
      aiCells.set(key, cell.value);
    } else if (cell.user_id !== null) {
      tallies.set(key, addVote(tallies.get(key), cell.value));
      scoredCellsByVoter.set(cell.user_id, (scoredCellsByVoter.get(cell.user_id) ?? 0) + 1);
    }
  }
  return { cells: tallies, aiCells, scoredCellsByVoter, weights, facts };
}

/**
 * Whoever took part in a team decision: an own vote in any cell (manual mode) or any weight. Their
 * weights make the team weights; a weight one of them left empty counts as the criterion's importance.
 */
export function participantsOf(mode: 'manual' | 'ai', votes: TeamVotes): Set<number> {
  return new Set([...votersOf(mode, votes), ...votes.weights.map((w) => w.user_id)]);
}

/** Per criterion, who gave which weight: built once per weights list (they change far less than votes). */
interface WeightIndex {
  byCriterion: Map<number, Map<number, number>>;
  givers: Set<number>;
  /** The last team weights computed from this list, by the inputs they came from. */
  last?: { signature: string; teamWeights: Map<number, number> };
}
const weightIndexes = new WeakMap<readonly MemberWeight[], WeightIndex>();

function weightIndexOf(weights: readonly MemberWeight[]): WeightIndex {
  let index = weightIndexes.get(weights);
  if (index) return index;
  index = { byCriterion: new Map(), givers: new Set() };
  for (const w of weights) {
    index.givers.add(w.user_id);
    const given = index.byCriterion.get(w.criterion_id);
    if (given) given.set(w.user_id, w.weight);
    else index.byCriterion.set(w.criterion_id, new Map([[w.user_id, w.weight]]));
  }
  weightIndexes.set(weights, index);
  return index;
}

/**
 * Per criterion: the mean over the participants (`participantsOf`) of their weight, where a weight a
 * participant left empty counts as the criterion's importance (SPEC.md's fallback), 1 decimal; the
 * importance itself while nobody took part. Without `participants`, whoever submitted a weight.
 */
export function computeTeamWeights(
  criteria: readonly WeightedCriterion[],
  weights: readonly MemberWeight[],
  participants: Iterable<number> = weights.map((w) => w.user_id),
): Map<number, number> {
  // In id order: the mean's float sum then does not depend on the order the rows were read in.
  const people = [...new Set(participants)].sort((a, b) => a - b);
  const index = weightIndexOf(weights);
  // The same weights, criteria and participants give the same team weights: with 1,000 members that
  // is 30,000 weights not gone through again for every vote on a cell (issue 27).
  const signature = `${criteria.map((c) => `${c.id}:${c.importance}`).join(',')}|${people.join(',')}`;
  if (index.last?.signature === signature) return index.last.teamWeights;
  const teamWeights = new Map(
    criteria.map((criterion) => {
      if (!people.length) return [criterion.id, criterion.importance];
      const given = index.byCriterion.get(criterion.id);
      let sum = 0;
      for (const userId of people) sum += given?.get(userId) ?? criterion.importance;
      return [criterion.id, roundTo(sum / people.length, 1)];
    }),
  );
  index.last = { signature, teamWeights };
  return teamWeights;
}

/** `computeTeamWeights` of a team's votes: the participants are its voters and whoever weighted. */
export function teamWeightsOf(
  criteria: readonly WeightedCriterion[],
  votes: TeamVotes,
  mode: 'manual' | 'ai',
): Map<number, number> {
  const givers = weightIndexOf(votes.weights).givers;
  return computeTeamWeights(criteria, votes.weights, [...votersOf(mode, votes), ...givers]);
}

export function cellKey(optionId: number, criterionId: number): string {
  return `${optionId}:${criterionId}`;
}

export interface TeamCellResult {
  /** Mean of the members' values (AI mode: the AI value). */
  mean: number;
  votes: number;
}

/**
 * The team value of every cell that has any, keyed by `cellKey`: the mean of the votes (AI mode: the
 * AI's); a measured cell's value is its fact's computed score in both modes (issue 31).
 */
export function computeTeamCells(votes: TeamVotes, mode: 'manual' | 'ai'): Map<string, TeamCellResult> {
  const cells: Map<string, TeamCellResult> =
    mode === 'ai'
      ? new Map([...votes.aiCells].map(([key, value]) => [key, { mean: value, votes: 1 }]))
      : new Map(
          [...votes.cells].map(([key, tally]) => [
            key,
            { mean: tally.sum / tally.count, votes: tally.count },
          ]),
        );
  for (const [key, fact] of votes.facts ?? []) cells.set(key, { mean: fact.value, votes: 0 });
  return cells;
}

/**
 * Team result per option (DESIGN.md): Σ cell × team weight / Σ team weight, on the 0–10 scale.
 * A cell is the mean of the members' values (AI mode: the AI's value); a cell nobody scored counts 0.
 * An option nobody scored at all has no result (null: "no votes yet"), never a 0.
 */
export function computeTeamTotals(
  options: readonly ScoredOption[],
  criteria: readonly WeightedCriterion[],
  votes: TeamVotes,
  mode: 'manual' | 'ai',
): Map<number, number | null> {
  const teamWeights = teamWeightsOf(criteria, votes, mode);
  const weightSum = [...teamWeights.values()].reduce((sum, w) => sum + w, 0);
  const teamCells = computeTeamCells(votes, mode);
  const totals = new Map<number, number | null>();
  for (const option of options) {
    let weighted = 0;
    let scored = false;
    for (const criterion of criteria) {
      const cell = teamCells.get(cellKey(option.id, criterion.id));
      if (cell) scored = true;
      weighted += (cell?.mean ?? 0) * (teamWeights.get(criterion.id) ?? 0);
    }
    totals.set(option.id, !scored ? null : weightSum > 0 ? weighted / weightSum : 0);
  }
  return totals;
}

/** Everyone who counts as voted (SPEC.md section 4): manual → any own value; AI → any weight. */
export function votersOf(mode: 'manual' | 'ai', votes: TeamVotes): Set<number> {
  if (mode === 'ai') return new Set(votes.weights.map((w) => w.user_id));
  return new Set([...votes.scoredCellsByVoter].filter(([, cells]) => cells > 0).map(([userId]) => userId));
}

/**
 * Who has finished voting (issue 16): in manual mode everyone with an own value in every cell of the
 * matrix (none without a matrix: there is nothing to finish), in AI mode everyone who submitted
 * weights. One rule for the details, the dashboard list, exports and the visibility policy. Roles are
 * not looked at here: whether someone is a voter at all is read fresh by the caller.
 */
export function completeVotersOf(
  mode: 'manual' | 'ai',
  matrix: { options: readonly ScoredOption[]; criteria: readonly WeightedCriterion[] },
  votes: TeamVotes,
): Set<number> {
  if (mode === 'ai') return new Set(votes.weights.map((w) => w.user_id));
  // Members vote on score criteria only: a measured criterion's cells are facts (issue 31).
  const cellCount = matrix.options.length * matrix.criteria.filter((c) => !isMeasured(c)).length;
  if (cellCount === 0) return new Set();
  return new Set(
    [...votes.scoredCellsByVoter].filter(([, cells]) => cells === cellCount).map(([userId]) => userId),
  );
}

/** Voted status (SPEC.md section 4): manual mode → any evaluation; AI mode → submitted weights. */
export function hasMemberVoted(userId: number, mode: 'manual' | 'ai', votes: TeamVotes): boolean {
  return votersOf(mode, votes).has(userId);
}

/** How many voters there are and how many of them are complete (`completeVotersOf`). */
export function participationOf(
  voterIds: Iterable<number>,
  completeIds: ReadonlySet<number>,
): { voters: number; complete: number } {
  const voters = new Set(voterIds);
  return { voters: voters.size, complete: [...voters].filter((id) => completeIds.has(id)).length };
}
