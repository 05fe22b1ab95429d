import type { AnalysisResponse } from '../../../shared/api/analysis.ts';
import { AppError } from '../../app-error.ts';
import type { Emit } from '../../events/domain-events.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { ResultsVisibility } from '../../db/schema.ts';
import { createAccess, type DecisionAccess } from './access.ts';
import { createCompleteWithAi } from './complete-with-ai.ts';
import { createDeleteDecision } from './delete-decision.ts';
import { createFrozenResults } from './frozen-result.ts';
import { createSnapshots } from './snapshots.ts';
import { createEvaluate } from './evaluate.ts';
import { createListDecisions } from './list-decisions.ts';
import { createReadModel, type ReadModel } from './read-model.ts';
import { createTeamVotesReader } from './team-votes-reader.ts';
import type { DecisionRow, DecisionsRepo } from './repo.ts';
import { createSaveAiOpinion } from './save-ai-opinion.ts';
import { createRestoreVersion } from './restore-version.ts';
import { createSaveDecision } from './save-decision.ts';
import { createMatrixWriter } from './save-matrix.ts';
import { resultsHiddenUntilFor } from './results-visibility.ts';
import { createSetResultsVisibility } from './set-results-visibility.ts';
import type { DecisionWriteContext } from './write-context.ts';
import type { HistoryRecorder } from './history-record.ts';

/**
 * Who a reminder by `senderId` would reach now (null: the automatic one, which has no sender), from what
 * the read model holds of the decision and its results visibility (issue 27: under `after_vote` an
 * unsubmitted vote is not done). It is the team module's rule (`reminderRecipientsOf`), handed in
 * where the app is wired: team voting builds on this module, so this module imports nothing of team's.
 */
export type ReminderRecipientsOf = (
  parts: Awaited<ReturnType<ReadModel['details']>> & { visibility: ResultsVisibility },
  senderId: number | null,
) => readonly unknown[];

/** The decisions module's use cases, composed over one repo; each lives in a file of its own. */
export function createDecisionsService(deps: {
  decisions: DecisionsRepo;
  emit: Emit;
  changes: ChangeFeed;
  reminderRecipientsOf: ReminderRecipientsOf;
  /** MAX_DECISIONS_PER_USER: decisions one account may own. */
  maxOwnedPerUser: number;
  /** The history module's recorder (issue 30), handed in where the app is wired. */
  history: HistoryRecorder;
}) {
  const { decisions, emit, changes, reminderRecipientsOf, maxOwnedPerUser, history } = deps;
  const teamVotes = createTeamVotesReader(decisions);
  const readModel = createReadModel(decisions, teamVotes);
  const { loadAccess, writeLocked, authorizedAccess } = createAccess({ decisions, changes });
  const matrix = createMatrixWriter(decisions, teamVotes);
  const frozenResults = createFrozenResults(decisions, readModel, history);
  const writeContext: DecisionWriteContext = {
    decisions,
    writeLocked,
    matrix,
    emit,
    history,
    ...frozenResults,
  };
  const snapshots = createSnapshots(writeContext, readModel);
  const { create, update } = createSaveDecision(writeContext, { maxOwnedPerUser });
  const evaluate = createEvaluate(writeContext);

  /**
   * A write's answer carries the decision's score: it goes only to a caller who may see results now
   * (after their own vote, `after_vote` may just have revealed them).
   */
  function asSeenBy(access: DecisionAccess, decision: DecisionRow): DecisionRow {
    return resultsHiddenUntilFor({ ...access, decision }) === null ? decision : { ...decision, score: null };
  }

  return {
    loadAccess,
    authorizedAccess,
    /** For writes of other modules (team members, invitations, comments) under the decision's lock. */
    writeLocked,
    /** What other modules' write use cases compose over (team voting), as this module's own do. */
    writeContext,
    /** A team decision's votes from its tallies (issue 27), e.g. one voter's completeness. */
    teamVotes,
    /** A decision's matrix and result as readers see them (cached per revision). */
    matrixOf: readModel.matrixOf,
    asSeenBy,
    assertValidUpdate: matrix.assertValidUpdate,

    list: createListDecisions(decisions, teamVotes),
    /** GET /api/decision?workspace_id= (issue 29): a non-member gets 404, as for an unknown workspace. */
    async assertWorkspaceMember(workspaceId: number, userId: number): Promise<void> {
      if (!(await decisions.isWorkspaceMember(workspaceId, userId))) throw new AppError('NOT_FOUND');
    },
    /** What the details show the caller: the read model's parts and how many a reminder would reach now. */
    async details(access: DecisionAccess) {
      const [parts, frozen] = await Promise.all([
        readModel.details(access),
        snapshots.frozenResultOf(access),
      ]);
      const reminded = reminderRecipientsOf(
        { ...parts, visibility: access.decision.results_visibility },
        access.userId,
      );
      return { ...parts, frozen, reminderRecipientCount: reminded.length };
    },

    /** GET …/snapshots and POST …/snapshots (issue 30). */
    listSnapshots: snapshots.list,
    createManualSnapshot: snapshots.createManual,

    /** GET …/analysis: the analysis, or `{ hidden: true }` while team results are hidden from the caller. */
    async analysis(access: DecisionAccess): Promise<AnalysisResponse> {
      if (resultsHiddenUntilFor(access) !== null) return { hidden: true };
      return readModel.analysisOf(access.decision);
    },

    create,
    update: async (access: DecisionAccess, input: Parameters<typeof update>[1]) =>
      asSeenBy(access, await update(access, input)),
    evaluate: async (access: DecisionAccess, cells: Parameters<typeof evaluate>[1]) =>
      asSeenBy(access, await evaluate(access, cells)),
    setResultsVisibility: createSetResultsVisibility(writeContext),
    /** The AI's cells close a team decision's vote: the caller then has voting's end announced. */
    completeWithAi: createCompleteWithAi(writeContext),
    remove: createDeleteDecision(writeContext),
    /** A team decision's AI opinion, apart from the votes (issue 18). */
    saveAiOpinion: createSaveAiOpinion(writeContext),
    /** Issue 30: a personal decision's matrix as an earlier save left it. */
    restoreVersion: createRestoreVersion(writeContext),
    /** Whether results are hidden from the caller (history leaves values out then). */
    resultsHiddenUntilFor,
  };
}

export type DecisionsService = ReturnType<typeof createDecisionsService>;
