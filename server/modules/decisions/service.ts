import type { Emit } from '../../events/domain-events.ts';
import { createAccess } from './access.ts';
import { createCompleteWithAi } from './complete-with-ai.ts';
import { createDeleteDecision } from './delete-decision.ts';
import { createEvaluate } from './evaluate.ts';
import { createListDecisions } from './list-decisions.ts';
import { createReadModel } from './read-model.ts';
import type { DecisionsRepo } from './repo.ts';
import { createSaveDecision } from './save-decision.ts';
import { createMatrixWriter } from './save-matrix.ts';
import { createLifecycleWrites } from './set-deadline.ts';
import { createSetWeights } from './set-weights.ts';
import { createTeamEdit } from './team-edit.ts';
import { createVotingEnd } from './voting-end.ts';
import type { DecisionWriteContext } from './write-context.ts';

/** The decisions module's use cases, composed over one repo; each lives in a file of its own. */
export function createDecisionsService(deps: { decisions: DecisionsRepo; emit: Emit }) {
  const { decisions, emit } = deps;
  const readModel = createReadModel(decisions);
  const { loadAccess, writeLocked, authorizedAccess } = createAccess({ decisions, readModel });
  const matrix = createMatrixWriter(decisions);
  const context: DecisionWriteContext = { decisions, writeLocked, matrix, emit };
  const { create, update } = createSaveDecision(context);
  const { markActivated, setTimer } = createLifecycleWrites(context);
  const votingEnd = createVotingEnd({ decisions, readModel, emit });

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

    create,
    update,
    saveTeamEdit: createTeamEdit(context),
    evaluate: createEvaluate(context),
    setWeights: createSetWeights(context),
    markActivated,
    setTimer,
    completeWithAi: createCompleteWithAi(context, votingEnd.announceVotingEnded),
    /** Tells every member once that voting ended (after "end voting now"; the AI completion does it itself). */
    announceVotingEnded: votingEnd.announceVotingEnded,
    /** The scheduler's job for deadlines that passed: see voting-end.ts. */
    announceDueVotingEnds: votingEnd.announceDueVotingEnds,
    remove: createDeleteDecision(context),
  };
}

export type DecisionsService = ReturnType<typeof createDecisionsService>;
