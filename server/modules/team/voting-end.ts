import { AppError } from '../../app-error.ts';
import type { Emit } from '../../events/domain-events.ts';
import { isPastDeadline, type DecisionsRepo, type DecisionsService } from '../decisions/index.ts';
import type { VotingEndRepo } from './voting-end-repo.ts';

/**
 * Tells every member once that voting ended, and how it stands: the leading option (first in the
 * options' order on a tie, as the dashboard card names it) with its team result, or that nobody voted.
 * Voting ends by the deadline (found by a scheduler job, as nobody may be online), by "End voting now"
 * and by an AI completion; whichever path claims the decision's marker first announces, the rest do
 * nothing, also across instances.
 */
export function createVotingEnd(deps: {
  decisions: Pick<DecisionsRepo, 'findById' | 'hasAiEvaluations'>;
  votingEnds: VotingEndRepo;
  matrixOf: DecisionsService['matrixOf'];
  writeContext: Pick<DecisionsService['writeContext'], 'writeLocked' | 'freezeResult' | 'endAtDeadline'>;
  emit: Emit;
}) {
  const { decisions, votingEnds, matrixOf, emit } = deps;
  const { writeLocked, freezeResult, endAtDeadline } = deps.writeContext;

  async function announceVotingEnded(decisionId: number, now = Date.now()): Promise<boolean> {
    const decision = await decisions.findById(decisionId);
    if (!decision || decision.type !== 'team') return false;
    const isDeadline = isPastDeadline(decision.timer, now);
    const isCompletedByAi = await decisions.hasAiEvaluations(decision.id);
    if (!isDeadline && !isCompletedByAi) return false;
    // "End voting now" and an AI completion froze the result and recorded `voting_ended` in their own
    // transaction (issue 30). A deadline has no write: it is System's, at the deadline, recorded here
    // with the claim unless a write after the deadline already did (`endAtDeadline`).
    const isClaimed = await writeLocked(decision.id, decision.user_id, null, async (locked, trx) => {
      if (!(await votingEnds.claimVotingEndedAnnouncement(decision.id, new Date(now).toISOString(), trx)))
        return false;
      if (locked.state.isCompletedByAi) await freezeResult(trx, locked.decision, 'voting_ended');
      else await endAtDeadline(trx, locked.decision);
      return true;
    }).catch((error: unknown) => {
      // Deleted meanwhile: nothing to freeze or announce.
      if (error instanceof AppError && error.code === 'NOT_FOUND') return false;
      throw error;
    });
    if (!isClaimed) return false;
    const { options, result } = await matrixOf(decision);
    const top = result.ranking.find((entry) => entry.is_top);
    const option = top && options.find((candidate) => candidate.id === top.option_id);
    const leader = option && top.total !== null ? { option: option.name, result: top.total } : null;
    await emit({ type: 'voting.ended', decision, leader, noResultReason: result.no_result_reason });
    return true;
  }

  return {
    announceVotingEnded,

    /** The scheduler's job: every decision whose deadline passed since the last run. */
    async announceDueVotingEnds(now: number): Promise<number> {
      let announced = 0;
      for (const id of await votingEnds.listUnannouncedVotingEnds(new Date(now).toISOString())) {
        if (await announceVotingEnded(id, now)) announced++;
      }
      return announced;
    },
  };
}

export type VotingEnd = ReturnType<typeof createVotingEnd>;
