import type { Kysely, Selectable } from 'kysely';
import type { CellVotes } from '../../../shared/scoring/team.ts';
import type { CellVoteTalliesTable, Database } from '../../db/schema.ts';
import { tallyColumn, VOTE_VALUES } from '../../db/migrations/022_vote_tallies.ts';
import { inSlices } from '../../db/statement-slices.ts';
import { cellFilterSlices, type Executor } from './repo-support.ts';
import type { EvaluationRow } from './evaluations-repo.ts';

type CellTallyRow = Selectable<CellVoteTalliesTable>;

/** A cell's histogram as `CellVotes`: exact, since every vote is an integer 0–10. */
export function cellVotesOfTally(row: CellTallyRow): CellVotes | undefined {
  let count = 0;
  let sum = 0;
  let sumOfSquares = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const value of VOTE_VALUES) {
    const votes = row[tallyColumn(value) as keyof CellTallyRow] as number;
    if (votes <= 0) continue;
    count += votes;
    sum += value * votes;
    sumOfSquares += value * value * votes;
    min = Math.min(min, value);
    max = Math.max(max, value);
  }
  return count === 0 ? undefined : { count, sum, sumOfSquares, min, max };
}

/**
 * Issue 27: what a team decision's figures are read from instead of every vote: the tallies the
 * database keeps (migration 022), the AI's cells, one member's own votes, and the weights tagged with
 * the revision they were read at (one statement, so the two belong together).
 */
export function createVoteTalliesRepo(db: Kysely<Database>) {
  return {
    listCellTalliesOf(decisionIds: readonly number[], executor: Executor = db) {
      return inSlices(decisionIds, (ids) =>
        executor.selectFrom('cell_vote_tallies').selectAll().where('decision_id', 'in', ids).execute(),
      );
    },

    /** The tallies of some cells of one decision (`cellFilterSlices` keeps the filter shallow). */
    async listCellTalliesAt(
      decisionId: number,
      cells: readonly { option_id: number; criterion_id: number }[],
      executor: Executor = db,
    ) {
      const rows = [];
      for (const slice of cellFilterSlices(cells)) {
        rows.push(
          ...(await executor
            .selectFrom('cell_vote_tallies')
            .selectAll()
            .where('decision_id', '=', decisionId)
            .where((eb) =>
              eb.or(
                slice.map(({ optionId, criterionIds }) =>
                  eb.and([eb('option_id', '=', optionId), eb('criterion_id', 'in', criterionIds)]),
                ),
              ),
            )
            .execute()),
        );
      }
      return rows;
    },

    listVoterTalliesOf(decisionIds: readonly number[], executor: Executor = db) {
      return inSlices(decisionIds, (ids) =>
        executor
          .selectFrom('voter_vote_tallies')
          .select(['decision_id', 'user_id', 'scored_cells'])
          .where('decision_id', 'in', ids)
          .execute(),
      );
    },

    /**
     * The cells without a user, by the (decision_id, user_id) index: the AI's (SPEC.md) and the team's
     * facts on measured criteria (issue 31).
     */
    listAiEvaluationsOf(decisionIds: readonly number[], executor: Executor = db): Promise<EvaluationRow[]> {
      return inSlices(decisionIds, (ids) =>
        executor
          .selectFrom('evaluations')
          .selectAll()
          .where('decision_id', 'in', ids)
          .where('user_id', 'is', null)
          .where('generated_by', 'in', ['ai', 'fact'])
          .orderBy('id')
          .execute(),
      );
    },

    /** One member's own values in a decision. */
    listOwnEvaluations(
      decisionId: number,
      userId: number,
      executor: Executor = db,
    ): Promise<EvaluationRow[]> {
      return executor
        .selectFrom('evaluations')
        .selectAll()
        .where('decision_id', '=', decisionId)
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    /** How many cells one member scored (0 without a vote). */
    async scoredCellsOf(decisionId: number, userId: number, executor: Executor = db): Promise<number> {
      const row = await executor
        .selectFrom('voter_vote_tallies')
        .select('scored_cells')
        .where('decision_id', '=', decisionId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.scored_cells ?? 0;
    },

    /**
     * The decisions' weights with the `weights_revision` they belong to, in one statement (one snapshot):
     * a decision without weights still answers one row, with null weight columns.
     */
    listWeightsWithRevisionOf(decisionIds: readonly number[], executor: Executor = db) {
      return inSlices(decisionIds, (ids) =>
        executor
          .selectFrom('decisions')
          .leftJoin('weights', 'weights.decision_id', 'decisions.id')
          .select([
            'decisions.id as decision_id',
            'decisions.weights_revision',
            'weights.criterion_id',
            'weights.user_id',
            'weights.weight',
          ])
          .where('decisions.id', 'in', ids)
          .execute(),
      );
    },

    async weightsRevisionOf(decisionId: number, executor: Executor = db): Promise<number | undefined> {
      const row = await executor
        .selectFrom('decisions')
        .select('weights_revision')
        .where('id', '=', decisionId)
        .executeTakeFirst();
      return row?.weights_revision;
    },
  };
}
