import type { CellValue, ScoredOption, WeightedCriterion } from './personal.ts';
import { roundTo } from './rounding.ts';

export interface MemberWeight {
  criterion_id: number;
  user_id: number;
  weight: number;
}

export interface TeamCell extends CellValue {
  user_id: number | null;
  generated_by: 'user' | 'ai';
}

export const TEAM_RESULT_FORMULA =
  'team weight = mean over the voters who took part of their weights (a weight left empty counts as the importance; 1 decimal); cell = mean of votes (AI mode: the AI value); result = Σ cell × team weight / Σ team weight (0–10, 2 decimals; null while nobody voted on the option)';

function mean(values: readonly number[]): number | undefined {
  return values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : undefined;
}

/**
 * Whoever took part in a team decision: an own vote in any cell (manual mode) or any weight. Their
 * weights make the team weights; a weight one of them left empty counts as the criterion's importance.
 */
export function participantsOf(
  mode: 'manual' | 'ai',
  cells: readonly TeamCell[],
  weights: readonly MemberWeight[],
): Set<number> {
  return new Set([...votersOf(mode, cells, weights), ...weights.map((w) => w.user_id)]);
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
  const given = new Map<string, number>();
  for (const w of weights) given.set(`${w.user_id}:${w.criterion_id}`, w.weight);
  const people = [...new Set(participants)];
  return new Map(
    criteria.map((criterion) => {
      const average = mean(
        people.map((userId) => given.get(`${userId}:${criterion.id}`) ?? criterion.importance),
      );
      return [criterion.id, average === undefined ? criterion.importance : roundTo(average, 1)];
    }),
  );
}

export function cellKey(optionId: number, criterionId: number): string {
  return `${optionId}:${criterionId}`;
}

export interface TeamCellResult {
  /** Mean of the members' values (AI mode: of the AI values). */
  mean: number;
  votes: number;
}

/** One pass over all votes: the team value of every cell that has any, keyed by `cellKey`. */
export function computeTeamCells(
  cells: readonly TeamCell[],
  mode: 'manual' | 'ai',
): Map<string, TeamCellResult> {
  const sums = new Map<string, { sum: number; count: number }>();
  for (const cell of cells) {
    if (cell.generated_by !== (mode === 'ai' ? 'ai' : 'user')) continue;
    const key = cellKey(cell.option_id, cell.criterion_id);
    const entry = sums.get(key) ?? { sum: 0, count: 0 };
    entry.sum += cell.value;
    entry.count += 1;
    sums.set(key, entry);
  }
  return new Map([...sums].map(([key, { sum, count }]) => [key, { mean: sum / count, votes: count }]));
}

/**
 * Team result per option (DESIGN.md): Σ cell × team weight / Σ team weight, on the 0–10 scale.
 * A cell is the mean of the members' values (AI mode: the AI's value); a cell nobody scored counts 0.
 * An option nobody scored at all has no result (null: "no votes yet"), never a 0.
 */
export function computeTeamTotals(
  options: readonly ScoredOption[],
  criteria: readonly WeightedCriterion[],
  cells: readonly TeamCell[],
  weights: readonly MemberWeight[],
  mode: 'manual' | 'ai',
): Map<number, number | null> {
  const teamWeights = computeTeamWeights(criteria, weights, participantsOf(mode, cells, weights));
  const weightSum = [...teamWeights.values()].reduce((sum, w) => sum + w, 0);
  const teamCells = computeTeamCells(cells, mode);
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

/** Everyone who counts as voted (SPEC.md section 4), in one pass: manual → any own value; AI → any weight. */
export function votersOf(
  mode: 'manual' | 'ai',
  cells: readonly TeamCell[],
  weights: readonly MemberWeight[],
): Set<number> {
  if (mode === 'ai') return new Set(weights.map((w) => w.user_id));
  return new Set(
    cells.flatMap((cell) => (cell.generated_by === 'user' && cell.user_id !== null ? [cell.user_id] : [])),
  );
}

/**
 * Who has finished voting (issue 16), in one pass: in manual mode everyone with an own value in every
 * cell of the matrix (none without a matrix: there is nothing to finish), in AI mode everyone who
 * submitted weights. One rule for the details, the dashboard list, exports and the visibility policy.
 * Roles are not looked at here: whether someone is a voter at all is read fresh by the caller.
 */
export function completeVotersOf(
  mode: 'manual' | 'ai',
  matrix: { options: readonly ScoredOption[]; criteria: readonly WeightedCriterion[] },
  cells: readonly TeamCell[],
  weights: readonly MemberWeight[],
): Set<number> {
  if (mode === 'ai') return new Set(weights.map((w) => w.user_id));
  const cellCount = matrix.options.length * matrix.criteria.length;
  if (cellCount === 0) return new Set();
  const optionIds = new Set(matrix.options.map((option) => option.id));
  const criterionIds = new Set(matrix.criteria.map((criterion) => criterion.id));
  const scoredCells = new Map<number, Set<string>>();
  for (const cell of cells) {
    if (cell.generated_by !== 'user' || cell.user_id === null) continue;
    if (!optionIds.has(cell.option_id) || !criterionIds.has(cell.criterion_id)) continue;
    const own = scoredCells.get(cell.user_id) ?? new Set<string>();
    own.add(cellKey(cell.option_id, cell.criterion_id));
    scoredCells.set(cell.user_id, own);
  }
  return new Set([...scoredCells].filter(([, own]) => own.size === cellCount).map(([userId]) => userId));
}

/** Voted status (SPEC.md section 4): manual mode → any evaluation; AI mode → submitted weights. */
export function hasMemberVoted(
  userId: number,
  mode: 'manual' | 'ai',
  cells: readonly TeamCell[],
  weights: readonly MemberWeight[],
): boolean {
  return mode === 'ai'
    ? weights.some((w) => w.user_id === userId)
    : cells.some((cell) => cell.user_id === userId && cell.generated_by === 'user');
}

/** How many voters there are and how many of them are complete (`completeVotersOf`). */
export function participationOf(
  voterIds: Iterable<number>,
  completeIds: ReadonlySet<number>,
): { voters: number; complete: number } {
  const voters = new Set(voterIds);
  return { voters: voters.size, complete: [...voters].filter((id) => completeIds.has(id)).length };
}
