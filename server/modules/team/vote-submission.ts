import { completeVotersOf } from '../../../shared/scoring/team.ts';
import { AppError } from '../../app-error.ts';
import { isoNow, toIsoString } from '../../db/values.ts';
import type { DecisionAccess, DecisionsService } from '../decisions/index.ts';
import type { TeamRepo } from './repo.ts';

/**
 * Issue 27, votes that bind: a voter submits their complete vote (final: their votes and weights are
 * refused with 409 VOTE_SUBMITTED on every path, see policy.ts), and the owner or an admin reopens a
 * submitted vote, which tells the voter and hides `after_vote` results from them until they submit
 * anew. The owner's submission lives on the decision row, a member's on their membership.
 */
export function createVoteSubmission(deps: { decisionsService: DecisionsService; team: TeamRepo }) {
  const { decisionsService, team } = deps;
  const { decisions, writeLocked, emit } = decisionsService.writeContext;

  return {
    /** Makes the caller's complete vote final; submitting again changes nothing. Answers when it was. */
    async submitVote(access: DecisionAccess): Promise<string> {
      const { submittedAt, isChanged } = await writeLocked(
        access.decision.id,
        access.userId,
        'submitVote',
        async (locked, trx) => {
          const { decision, userId } = locked;
          const stored =
            locked.relation === 'owner'
              ? decision.owner_submitted_at
              : (await decisions.membershipOf(decision.id, userId, trx))?.submitted_at;
          if (stored) return { submittedAt: toIsoString(stored), isChanged: false };
          // One voter's completeness from the tallies (issue 27): their scored cells and own weights.
          const [options, criteria, scoredCells, weights] = await Promise.all([
            decisions.listOptions(decision.id, trx),
            decisions.listCriteria(decision.id, trx),
            decisions.scoredCellsOf(decision.id, userId, trx),
            decisions.listUserWeights(decision.id, userId, trx),
          ]);
          const complete = completeVotersOf(
            decision.mode,
            { options, criteria },
            {
              cells: new Map(),
              aiCells: new Map(),
              scoredCellsByVoter: new Map([[userId, scoredCells]]),
              weights,
            },
          );
          if (!complete.has(userId)) throw new AppError('VOTE_INCOMPLETE');
          const now = isoNow();
          await writeSubmission(locked, userId, { submitted_at: now, reopened_at: null }, trx);
          return { submittedAt: now, isChanged: true };
        },
      );
      // Others' team status shows "submitted"; the voter's own open pages reveal the results.
      if (isChanged) await emit({ type: 'decision.changed', decisionId: access.decision.id });
      return submittedAt;
    },

    /** The owner or an admin reopens `userId`'s submitted vote (409 VOTE_NOT_SUBMITTED if it is not). */
    async reopenVote(access: DecisionAccess, userId: number, actor: { id: number; name: string }) {
      await writeLocked(access.decision.id, access.userId, 'reopenVote', async (locked, trx) => {
        const { decision } = locked;
        const isOwner = userId === decision.user_id;
        const membership = isOwner ? undefined : await decisions.membershipOf(decision.id, userId, trx);
        if (!isOwner && !membership) throw new AppError('NOT_FOUND');
        const submittedAt = isOwner ? decision.owner_submitted_at : membership!.submitted_at;
        if (!submittedAt) throw new AppError('VOTE_NOT_SUBMITTED');
        await writeSubmission(locked, userId, { submitted_at: null, reopened_at: isoNow() }, trx);
      });
      await emit({ type: 'vote.reopened', decision: access.decision, actor, userId });
    },
  };

  /** The owner's submission is written through the decisions repo, a member's through the team repo. */
  async function writeSubmission(
    locked: DecisionAccess,
    userId: number,
    submission: { submitted_at: string | null; reopened_at: string | null },
    trx: Parameters<TeamRepo['setSubmission']>[3],
  ): Promise<void> {
    if (userId === locked.decision.user_id) {
      await decisions.setOwnerSubmission(locked.decision.id, submission, trx);
      return;
    }
    if (!(await team.setSubmission(locked.decision.id, userId, submission, trx)))
      throw new AppError('NOT_FOUND');
  }
}

export type VoteSubmission = ReturnType<typeof createVoteSubmission>;
