import type { Transaction } from 'kysely';
import type { Analysis } from '../../../shared/scoring/analysis.ts';
import { analyseDecisionState, resultOf, type DecisionVotes } from '../../../shared/scoring/decision-data.ts';
import { scaleOfDecision } from '../../../shared/limits.ts';
import { computeConsensus } from '../../../shared/scoring/agreement.ts';
import { roundTo } from '../../../shared/scoring/rounding.ts';
import {
  completeVotersOf,
  computeTeamCells,
  teamWeightsOf,
  votersOf,
  type TeamVotes,
} from '../../../shared/scoring/team.ts';
import type { Database } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';
import type { DecisionAccess } from './access.ts';
import type { CriterionRow, DecisionRow, DecisionsRepo, OptionRow } from './repo.ts';
import { createRevisionCache } from './revision-cache.ts';
import type { TeamVotesReader } from './team-votes-reader.ts';

/** Rows the matrix cache holds at most (~100 bytes each): it is kept per instance, in memory. */
const CACHED_ROWS_MAX = 1_000_000;

/** The owner and, for a team decision, every member: whoever follows it. */
export async function followersOf(
  decisions: Pick<DecisionsRepo, 'listTeamMembers'>,
  decision: Pick<DecisionRow, 'id' | 'type' | 'user_id'>,
): Promise<number[]> {
  const members = decision.type === 'team' ? await decisions.listTeamMembers(decision.id) : [];
  // A former member (deleted account, issue 28) stays listed in a closed decision but follows nothing;
  // so does one who left the decision's workspace after it closed (issue 29).
  const following = members.filter((member) => member.deleted_at === null && member.left_at == null);
  return [decision.user_id, ...following.map((member) => member.user_id)];
}

/** A team's aggregates, computed once per revision: results for everyone without shipping any vote. */
function teamResultsOf(
  decision: DecisionRow,
  matrix: { options: readonly OptionRow[]; criteria: readonly CriterionRow[] },
  votes: TeamVotes,
) {
  const { options, criteria } = matrix;
  return {
    weights: [...teamWeightsOf(criteria, votes, decision.mode)].map(([criterion_id, weight]) => ({
      criterion_id,
      weight,
    })),
    cells: [...computeTeamCells(votes, decision.mode)].map(([key, cell]) => {
      const [option_id, criterion_id] = key.split(':').map(Number) as [number, number];
      return { option_id, criterion_id, value: roundTo(cell.mean, 2), votes: cell.votes };
    }),
    voterIds: votersOf(decision.mode, votes),
    completeIds: completeVotersOf(decision.mode, matrix, votes),
    consensus: computeConsensus({
      mode: decision.mode,
      scale: scaleOfDecision(decision.type),
      options,
      criteria,
      votes,
    }),
    /** Someone voted on a cell or weighted: from then on the visibility may only become stricter. */
    hasVotesOrWeights: votes.scoredCellsByVoter.size > 0 || votes.weights.length > 0,
  };
}

/**
 * What readers see of a decision: its matrix, ranking and team aggregates, cached per revision. A
 * team decision's figures come from its tallies (issue 27); the cache keeps those, never every vote.
 */
export function createReadModel(decisions: DecisionsRepo, teamVotes: TeamVotesReader) {
  // Bounded by the rows it holds as well: one team of 1,000 members holds 30,000 weights.
  const matrixCache = createRevisionCache<Awaited<ReturnType<typeof loadMatrix>>>(500, {
    sizeOf: (matrix) =>
      matrix.options.length +
      matrix.criteria.length +
      matrix.evaluations.length +
      matrix.weights.length +
      (matrix.votes.type === 'team'
        ? matrix.votes.votes.cells.size + matrix.votes.votes.scoredCellsByVoter.size
        : 0),
    maxTotal: CACHED_ROWS_MAX,
  });

  /** Read through `trx` inside a write (a frozen result, issue 30): then nothing is cached. */
  async function loadMatrix(decision: DecisionRow, trx?: Transaction<Database>) {
    const isTeam = decision.type === 'team';
    const [options, criteria, personalEvaluations, team] = await Promise.all([
      decisions.listOptions(decision.id, trx),
      decisions.listCriteria(decision.id, trx),
      isTeam ? Promise.resolve([]) : decisions.listEvaluations(decision.id, trx),
      isTeam ? teamVotes.teamVotesOf(decision, trx) : Promise.resolve(undefined),
    ]);
    const votes: DecisionVotes = team
      ? { type: 'team', votes: team.votes }
      : { type: 'personal', evaluations: personalEvaluations };
    return {
      options,
      criteria,
      /** Personal: every cell. Team: the AI's cells only (each member's own are read per request). */
      evaluations: team ? team.aiEvaluations : personalEvaluations,
      weights: team?.votes.weights ?? [],
      votes,
      result: resultOf(decision, options, criteria, votes),
      teamResults: team ? teamResultsOf(decision, { options, criteria }, team.votes) : undefined,
    };
  }

  /** Options, criteria, the votes' aggregates and ranking: computed once per revision of the decision. */
  function matrixOf(decision: DecisionRow) {
    return matrixCache.get(decision.id, decision.revision, () => loadMatrix(decision));
  }

  const analysisCache = createRevisionCache<Analysis>();

  return {
    matrixOf,
    /** The matrix as the writing transaction sees it, uncached (a frozen result is taken from it). */
    matrixIn: (decision: DecisionRow, trx: Transaction<Database>) => loadMatrix(decision, trx),

    /**
     * How solid the result is (issue 17), once per revision: the variations are seeded by the revision,
     * so the figures of one state never change. Whether the caller may see it is the route's question.
     */
    analysisOf(decision: DecisionRow): Promise<Analysis> {
      return analysisCache.get(decision.id, decision.revision, async () => {
        const { options, criteria, votes } = await matrixOf(decision);
        return analyseDecisionState(decision, options, criteria, votes);
      });
    },

    /** Members and the caller's own votes are read fresh: nicknames change without touching the decision. */
    async details(access: Pick<DecisionAccess, 'decision' | 'userId'>) {
      const isTeam = access.decision.type === 'team';
      const { workspace_id: workspaceId } = access.decision;
      const [matrix, team, aiOpinion, ownEvaluations, workspaceNames] = await Promise.all([
        matrixOf(access.decision),
        isTeam ? decisions.listTeam(access.decision.id, isoNow()) : Promise.resolve(undefined),
        // Read fresh: a new opinion changes no revision (it changes no result).
        isTeam ? decisions.listAiOpinion(access.decision.id) : Promise.resolve([]),
        isTeam ? decisions.listOwnEvaluations(access.decision.id, access.userId) : Promise.resolve([]),
        // Issue 29: read fresh, as the members are (a rename touches no decision).
        decisions.workspaceNamesOf(workspaceId === null ? [] : [workspaceId]),
      ]);
      const evaluations = isTeam ? [...ownEvaluations, ...matrix.evaluations] : matrix.evaluations;
      const workspaceName = workspaceId === null ? undefined : workspaceNames.get(workspaceId);
      const workspace = workspaceName === undefined ? null : { id: workspaceId!, name: workspaceName };
      return { ...matrix, evaluations, team, aiOpinion, workspace };
    },
  };
}

export type ReadModel = ReturnType<typeof createReadModel>;
export type MatrixRead = Awaited<ReturnType<ReadModel['matrixOf']>>;
