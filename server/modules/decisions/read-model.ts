import type { Analysis } from '../../../shared/scoring/analysis.ts';
import { analyseDecisionState, computeResult } from '../../../shared/scoring/decision-data.ts';
import { scaleOfDecision } from '../../../shared/limits.ts';
import { computeConsensus } from '../../../shared/scoring/agreement.ts';
import { roundTo } from '../../../shared/scoring/rounding.ts';
import {
  completeVotersOf,
  computeTeamCells,
  computeTeamWeights,
  participantsOf,
  votersOf,
} from '../../../shared/scoring/team.ts';
import { isoNow } from '../../db/values.ts';
import type { DecisionAccess } from './access.ts';
import type { DecisionRow, DecisionsRepo } from './repo.ts';
import { createRevisionCache } from './revision-cache.ts';

/** The owner and, for a team decision, every member: whoever follows it. */
export async function followersOf(
  decisions: Pick<DecisionsRepo, 'listTeamMembers'>,
  decision: Pick<DecisionRow, 'id' | 'type' | 'user_id'>,
): Promise<number[]> {
  const members = decision.type === 'team' ? await decisions.listTeamMembers(decision.id) : [];
  return [decision.user_id, ...members.map((member) => member.user_id)];
}

/** What readers see of a decision: its matrix, ranking and team aggregates, cached per revision. */
export function createReadModel(decisions: DecisionsRepo) {
  const matrixCache = createRevisionCache<Awaited<ReturnType<typeof loadMatrix>>>();

  async function loadMatrix(decision: DecisionRow) {
    const isTeam = decision.type === 'team';
    const [options, criteria, evaluations, weights] = await Promise.all([
      decisions.listOptions(decision.id),
      decisions.listCriteria(decision.id),
      decisions.listEvaluations(decision.id),
      isTeam ? decisions.listWeights(decision.id) : Promise.resolve([]),
    ]);
    const result = computeResult(decision, options, criteria, evaluations, weights);
    // Team aggregates are computed once per revision: results for everyone without shipping every vote.
    const teamResults = isTeam
      ? {
          weights: [
            ...computeTeamWeights(criteria, weights, participantsOf(decision.mode, evaluations, weights)),
          ].map(([criterion_id, weight]) => ({
            criterion_id,
            weight,
          })),
          cells: [...computeTeamCells(evaluations, decision.mode)].map(([key, cell]) => {
            const [option_id, criterion_id] = key.split(':').map(Number) as [number, number];
            return { option_id, criterion_id, value: roundTo(cell.mean, 2), votes: cell.votes };
          }),
          voterIds: votersOf(decision.mode, evaluations, weights),
          completeIds: completeVotersOf(decision.mode, { options, criteria }, evaluations, weights),
          consensus: computeConsensus({
            mode: decision.mode,
            scale: scaleOfDecision(decision.type),
            options,
            criteria,
            cells: evaluations,
            weights,
          }),
        }
      : undefined;
    return { options, criteria, evaluations, weights, result, teamResults };
  }

  /** Options, criteria, votes and ranking: computed once per revision of the decision. */
  function matrixOf(decision: DecisionRow) {
    return matrixCache.get(decision.id, decision.revision, () => loadMatrix(decision));
  }

  const analysisCache = createRevisionCache<Analysis>();

  return {
    matrixOf,

    /**
     * How solid the result is (issue 17), once per revision: the variations are seeded by the revision,
     * so the figures of one state never change. Whether the caller may see it is the route's question.
     */
    analysisOf(decision: DecisionRow): Promise<Analysis> {
      return analysisCache.get(decision.id, decision.revision, async () => {
        const { options, criteria, evaluations, weights } = await matrixOf(decision);
        return analyseDecisionState(decision, options, criteria, evaluations, weights);
      });
    },

    /** Members are read fresh: their nicknames change without touching the decision. */
    async details(access: Pick<DecisionAccess, 'decision'>) {
      const isTeam = access.decision.type === 'team';
      const [matrix, team, aiOpinion] = await Promise.all([
        matrixOf(access.decision),
        isTeam ? decisions.listTeam(access.decision.id, isoNow()) : Promise.resolve(undefined),
        // Read fresh: a new opinion changes no revision (it changes no result).
        isTeam ? decisions.listAiOpinion(access.decision.id) : Promise.resolve([]),
      ]);
      return { ...matrix, team, aiOpinion };
    },
  };
}

export type ReadModel = ReturnType<typeof createReadModel>;
