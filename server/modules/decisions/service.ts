import type { AnalysisResponse } from '../../../shared/api/analysis.ts';
import type { Emit } from '../../events/domain-events.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import { createAccess, type DecisionAccess } from './access.ts';
import { createCompleteWithAi } from './complete-with-ai.ts';
import { createDeleteDecision } from './delete-decision.ts';
import { createEvaluate } from './evaluate.ts';
import { createListDecisions } from './list-decisions.ts';
import { createReadModel } from './read-model.ts';
import type { DecisionRow, DecisionsRepo } from './repo.ts';
import { createSaveAiOpinion } from './save-ai-opinion.ts';
import { createSaveDecision } from './save-decision.ts';
import { createMatrixWriter } from './save-matrix.ts';
import { createLifecycleWrites } from './set-deadline.ts';
import { createSetResultsVisibility } from './set-results-visibility.ts';
import { createSetWeights } from './set-weights.ts';
import { createTeamEdit } from './team-edit.ts';
import { createVotingEnd } from './voting-end.ts';
import type { DecisionWriteContext } from './write-context.ts';

/** The decisions module's use cases, composed over one repo; each lives in a file of its own. */
export function createDecisionsService(deps: { decisions: DecisionsRepo; emit: Emit; changes: ChangeFeed }) {
  const { decisions, emit, changes } = deps;
  const readModel = createReadModel(decisions);
  const { loadAccess, writeLocked, authorizedAccess } = createAccess({ decisions, readModel, changes });
  const matrix = createMatrixWriter(decisions);
  const context: DecisionWriteContext = { decisions, writeLocked, matrix, emit };
  const { create, update } = createSaveDecision(context);
  const { markActivated, setTimer, endVotingNow } = createLifecycleWrites(context);
  const evaluate = createEvaluate(context);
  const setWeights = createSetWeights(context);
  const votingEnd = createVotingEnd({ decisions, readModel, emit });

  /**
   * A write's answer carries the decision's score: it goes only to a caller who may see results now
   * (after their own vote, `after_vote` may just have revealed them).
   */
  async function asSeenBy(access: DecisionAccess, decision: DecisionRow): Promise<DecisionRow> {
    const hiddenUntil = await readModel.resultsHiddenUntil({ ...access, decision });
    return hiddenUntil === null ? decision : { ...decision, score: null };
  }

  return {
    loadAccess,
    authorizedAccess,
    /** For writes of other modules (team members, invitations, comments) under the decision's lock. */
    writeLocked,
    /** Keeps the score right after a write made elsewhere inside `writeLocked` (e.g. a member removed). */
    refreshScore: matrix.refreshScore,
    assertValidUpdate: matrix.assertValidUpdate,

    list: createListDecisions(decisions),
    details: readModel.details,

    /** GET …/analysis: the analysis, or `{ hidden: true }` while team results are hidden from the caller. */
    async analysis(access: DecisionAccess): Promise<AnalysisResponse> {
      if ((await readModel.resultsHiddenUntil(access)) !== null) return { hidden: true };
      return readModel.analysisOf(access.decision);
    },

    resultsHiddenUntil: readModel.resultsHiddenUntil,

    create,
    update: async (access: DecisionAccess, input: Parameters<typeof update>[1]) =>
      asSeenBy(access, await update(access, input)),
    saveTeamEdit: createTeamEdit(context),
    evaluate: async (access: DecisionAccess, cells: Parameters<typeof evaluate>[1]) =>
      asSeenBy(access, await evaluate(access, cells)),
    setWeights: async (access: DecisionAccess, weights: Parameters<typeof setWeights>[1]) =>
      asSeenBy(access, await setWeights(access, weights)),
    setResultsVisibility: createSetResultsVisibility(context),
    markActivated,
    setTimer,
    endVotingNow,
    completeWithAi: createCompleteWithAi(context, votingEnd.announceVotingEnded),
    /** Tells every member once that voting ended (after "end voting now"; the AI completion does it itself). */
    announceVotingEnded: votingEnd.announceVotingEnded,
    /** The scheduler's job for deadlines that passed: see voting-end.ts. */
    announceDueVotingEnds: votingEnd.announceDueVotingEnds,
    remove: createDeleteDecision(context),
    /** A team decision's AI opinion, apart from the votes (issue 18). */
    saveAiOpinion: createSaveAiOpinion(context),
  };
}

export type DecisionsService = ReturnType<typeof createDecisionsService>;
