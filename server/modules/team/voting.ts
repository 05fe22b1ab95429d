import { preferredLanguage } from '../../i18n.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { workspaceDecisionMail } from '../../mail/templates.ts';
import type { DecisionAccess, DecisionsService } from '../decisions/index.ts';
import { createLifecycleWrites } from './lifecycle-writes.ts';
import { createSetWeights, type WeightInput } from './set-weights.ts';
import { createTeamEdit } from './team-edit.ts';
import type { TeamRepo } from './repo.ts';
import { createVoteSubmission } from './vote-submission.ts';
import { createVotingEnd } from './voting-end.ts';
import type { VotingEndRepo } from './voting-end-repo.ts';
import type { createWorkspaceDecisionSync } from './workspace-decision-sync.ts';

type DecisionInput = Parameters<DecisionsService['create']>[1];

/**
 * Team voting: the team edit, weights, submitting and reopening votes, activation, the deadline and
 * the end of voting, each a use case of its own composed over the decisions module's write context
 * (as `outcome/` is).
 */
export function createTeamVoting(deps: {
  decisionsService: DecisionsService;
  votingEnds: VotingEndRepo;
  team: TeamRepo;
  workspaceSync: Pick<ReturnType<typeof createWorkspaceDecisionSync>, 'joinNewDecision'>;
  mailer: Mailer;
  appUrl: string;
}) {
  const { decisionsService, votingEnds } = deps;
  const context = decisionsService.writeContext;
  const { emit } = context;
  const { markActivated, setTimer, endVotingNow } = createLifecycleWrites(context);
  const setWeights = createSetWeights(context);
  const votingEnd = createVotingEnd({
    decisions: context.decisions,
    votingEnds,
    matrixOf: decisionsService.matrixOf,
    writeContext: context,
    emit,
  });

  const { submitVote, reopenVote } = createVoteSubmission(deps);

  async function mailWorkspaceMembers(access: DecisionAccess): Promise<void> {
    const { decision } = access;
    if (decision.workspace_id === null) return;
    const names = await context.decisions.workspaceNamesOf([decision.workspace_id]);
    const workspace = names.get(decision.workspace_id);
    if (workspace === undefined) return;
    const link = `${deps.appUrl}/team-decision/${decision.id}`;
    for (const contact of await deps.team.listWorkspaceMemberContacts(decision.id)) {
      if (contact.id === access.userId) continue;
      const language = preferredLanguage(contact.language, 'en');
      deps.mailer.send({
        to: contact.email,
        ...workspaceDecisionMail(language, { decision: decision.name, workspace, link }),
      });
    }
  }

  return {
    /**
     * POST /api/team-decisions; with `workspace_id` (issue 29) every member of the workspace takes part
     * at once, checked and written in the creating transaction.
     */
    createDecision(userId: number, input: DecisionInput) {
      const workspaceId = input.workspace_id ?? null;
      if (workspaceId === null) return decisionsService.create(userId, { ...input, workspace_id: null });
      return decisionsService.create(userId, input, (trx) =>
        deps.workspaceSync.joinNewDecision(workspaceId, userId, trx),
      );
    },

    saveTeamEdit: createTeamEdit(context),
    submitVote,
    reopenVote,

    setWeights: async (access: DecisionAccess, weights: WeightInput[]) =>
      decisionsService.asSeenBy(access, await setWeights(access, weights)),

    /**
     * Every member is notified ('decision_activated', through the subscriber); a workspace decision's
     * workspace members (issue 29), who joined without an invitation, also get a mail in their language.
     */
    async activate(access: DecisionAccess): Promise<void> {
      await markActivated(access);
      await emit({ type: 'decision.activated', decision: access.decision, actorId: access.userId });
      await mailWorkspaceMembers(access);
    },

    async setDeadline(access: DecisionAccess, timer: string | null): Promise<void> {
      await setTimer(access, timer);
      await emit({ type: 'deadline.changed', decision: access.decision, actorId: access.userId, timer });
    },

    /** "End voting now": the deadline becomes now, and every member hears how the vote came out. */
    async endVoting(access: DecisionAccess, timer: string): Promise<void> {
      await endVotingNow(access, timer);
      await votingEnd.announceVotingEnded(access.decision.id);
    },

    /** Tells every member once that voting ended (after "end voting now" or an AI completion). */
    announceVotingEnded: votingEnd.announceVotingEnded,
    /** The scheduler's job for deadlines that passed: see voting-end.ts. */
    announceDueVotingEnds: votingEnd.announceDueVotingEnds,
  };
}

export type TeamVoting = ReturnType<typeof createTeamVoting>;
