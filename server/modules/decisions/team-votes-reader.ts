import type { Transaction } from 'kysely';
import {
  cellKey,
  type CellVotes,
  type FactCell,
  type MemberWeight,
  type TeamVotes,
} from '../../../shared/scoring/team.ts';
import type { Database } from '../../db/schema.ts';
import type { EvaluationRow } from './evaluations-repo.ts';
import type { DecisionRow, DecisionsRepo } from './repo.ts';
import { createRevisionCache } from './revision-cache.ts';
import { cellVotesOfTally } from './vote-tallies-repo.ts';

type TeamDecision = Pick<DecisionRow, 'id' | 'revision' | 'weights_revision'>;

/**
 * A team decision's votes as its figures need them, and the cells without a user (shown to readers as
 * they are): the AI's and the facts of measured criteria (issue 31).
 */
export interface TeamVotesRead {
  votes: TeamVotes;
  aiEvaluations: EvaluationRow[];
}

/** A measured cell's fact: its stored score and raw value. */
function factsOf(rows: readonly EvaluationRow[]): Map<string, FactCell> {
  return new Map(
    rows.flatMap((row) =>
      row.generated_by === 'fact' && row.measure !== null
        ? [[cellKey(row.option_id, row.criterion_id), { value: row.value, measure: row.measure }] as const]
        : [],
    ),
  );
}

function groupBy<T, K>(rows: readonly T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/**
 * Reads team votes from the tallies (issue 27): a fixed number of queries for any number of
 * decisions, rows per cell and per voter instead of per vote. Weights (decimals, every member's, which
 * the details ship as `weightsByUser`) are cached per `weights_revision`, so a vote on a cell does not
 * read them again. The cache only ever holds committed weights: inside a transaction they are taken
 * from it only while the transaction's own `weights_revision` still equals the cached one.
 */
export function createTeamVotesReader(decisions: DecisionsRepo) {
  // The votes as committed at a decision's revision: a vote on one cell starts from them (issue 27).
  const committed = createRevisionCache<TeamVotesRead>(500, {
    sizeOf: (read) => read.votes.cells.size + read.votes.scoredCellsByVoter.size + read.aiEvaluations.length,
    maxTotal: 1_000_000,
  });
  const weightsCache = createRevisionCache<readonly MemberWeight[]>(1_000, {
    sizeOf: (weights) => weights.length,
    maxTotal: 1_000_000,
  });

  async function weightsOf(
    rows: readonly TeamDecision[],
    trx: Transaction<Database> | undefined,
  ): Promise<Map<number, readonly MemberWeight[]>> {
    const found = new Map<number, readonly MemberWeight[]>();
    const stale: number[] = [];
    for (const row of rows) {
      const revision = trx ? await decisions.weightsRevisionOf(row.id, trx) : row.weights_revision;
      const cached = revision === undefined ? undefined : weightsCache.peek(row.id, revision);
      if (cached) found.set(row.id, cached);
      else stale.push(row.id);
    }
    if (!stale.length) return found;
    const loaded = groupBy(await decisions.listWeightsWithRevisionOf(stale, trx), (row) => row.decision_id);
    for (const decisionId of stale) {
      const tagged = loaded.get(decisionId) ?? [];
      const weights = tagged.flatMap(({ criterion_id, user_id, weight }) =>
        criterion_id === null || user_id === null || weight === null
          ? []
          : [{ criterion_id, user_id, weight }],
      );
      // Read outside a transaction, the rows are committed: cache them under the revision read with them.
      if (!trx && tagged[0]) weightsCache.set(decisionId, tagged[0].weights_revision, weights);
      found.set(decisionId, weights);
    }
    return found;
  }

  async function teamVotesOfMany(
    rows: readonly TeamDecision[],
    trx?: Transaction<Database>,
  ): Promise<Map<number, TeamVotesRead>> {
    const ids = rows.map((row) => row.id);
    if (!ids.length) return new Map();
    const [cellTallies, voterTallies, aiEvaluations, weights] = await Promise.all([
      decisions.listCellTalliesOf(ids, trx),
      decisions.listVoterTalliesOf(ids, trx),
      decisions.listAiEvaluationsOf(ids, trx),
      weightsOf(rows, trx),
    ]);
    const cellsByDecision = groupBy(cellTallies, (row) => row.decision_id);
    const votersByDecision = groupBy(voterTallies, (row) => row.decision_id);
    const aiByDecision = groupBy(aiEvaluations, (row) => row.decision_id);
    return new Map(
      rows.map(({ id, revision }) => {
        const cells = new Map<string, CellVotes>();
        for (const row of cellsByDecision.get(id) ?? []) {
          const tally = cellVotesOfTally(row);
          if (tally) cells.set(cellKey(row.option_id, row.criterion_id), tally);
        }
        const ai = aiByDecision.get(id) ?? [];
        const votes: TeamVotes = {
          cells,
          aiCells: new Map(
            ai.flatMap((row) =>
              row.generated_by === 'ai'
                ? [[cellKey(row.option_id, row.criterion_id), row.value] as const]
                : [],
            ),
          ),
          facts: factsOf(ai),
          scoredCellsByVoter: new Map(
            (votersByDecision.get(id) ?? []).map((row) => [row.user_id, row.scored_cells]),
          ),
          weights: weights.get(id) ?? [],
        };
        const read = { votes, aiEvaluations: ai };
        // Outside a transaction the rows are committed (a revision read later only means newer rows).
        if (!trx) committed.set(id, revision, read);
        return [id, read];
      }),
    );
  }

  /**
   * The votes after one member's write of some cells, inside the writing transaction: the committed
   * votes of the revision the transaction locked, with only the written cells' tallies and the
   * member's count read again (a vote on a cell of a 1,000-member team reads 2 rows, not 2,500).
   * Without those committed votes at hand, everything is read.
   */
  async function teamVotesAfterVote(
    locked: TeamDecision,
    change: { userId: number; cells: readonly { option_id: number; criterion_id: number }[] },
    trx: Transaction<Database>,
  ): Promise<TeamVotesRead> {
    const before = committed.peek(locked.id, locked.revision);
    if (!before) return (await teamVotesOfMany([locked], trx)).get(locked.id)!;
    const [tallies, scoredCells, weights] = await Promise.all([
      decisions.listCellTalliesAt(locked.id, change.cells, trx),
      decisions.scoredCellsOf(locked.id, change.userId, trx),
      weightsOf([locked], trx),
    ]);
    const cells = new Map(before.votes.cells);
    for (const cell of change.cells) cells.delete(cellKey(cell.option_id, cell.criterion_id));
    for (const row of tallies) {
      const tally = cellVotesOfTally(row);
      if (tally) cells.set(cellKey(row.option_id, row.criterion_id), tally);
    }
    const scoredCellsByVoter = new Map(before.votes.scoredCellsByVoter);
    if (scoredCells > 0) scoredCellsByVoter.set(change.userId, scoredCells);
    else scoredCellsByVoter.delete(change.userId);
    return {
      votes: { ...before.votes, cells, scoredCellsByVoter, weights: weights.get(locked.id) ?? [] },
      aiEvaluations: before.aiEvaluations,
    };
  }

  return {
    teamVotesOfMany,
    teamVotesAfterVote,
    /**
     * After its transaction committed, a write's votes are the votes of the revision it wrote, and its
     * weights those of the weights revision it committed: the next vote reads neither again.
     */
    rememberCommitted(row: TeamDecision, read: TeamVotesRead): void {
      committed.set(row.id, row.revision, read);
      weightsCache.set(row.id, row.weights_revision, read.votes.weights);
    },
    async teamVotesOf(row: TeamDecision, trx?: Transaction<Database>): Promise<TeamVotesRead> {
      if (!trx) {
        const known = committed.peek(row.id, row.revision);
        if (known) return known;
      }
      return (await teamVotesOfMany([row], trx)).get(row.id)!;
    },
  };
}

export type TeamVotesReader = ReturnType<typeof createTeamVotesReader>;
