import { AppError } from '../../app-error.ts';
import type { Emit } from '../../events/domain-events.ts';
import { toIsoString } from '../../db/values.ts';
import {
  isPastDeadline,
  type DecisionsRepo,
  type DecisionsService,
  type HistoryRecorder,
} from '../decisions/index.ts';
import type { VotingEndRepo } from './voting-end-repo.ts';

/**
 * Tells every member once that voting ended, and how it stands: the leading option (first in the
 * options' order on a tie, as the dashboard card names it) with its team result, or that nobody voted.
 * Voting ends by the deadline (found by a scheduler job, as nobody may be online), by "End voting now"
 * and by an AI completion; whichever path claims the decision's marker first announces, the rest do
 * nothing, also across instances.
 */
export function createVotingEnd(deps: {
  decisions: Pick<DecisionsRepo, 'findById' | 'hasAiEvaluations' | 'transaction'>;
  votingEnds: VotingEndRepo;
  matrixOf: DecisionsService['matrixOf'];
  writeContext: Pick<DecisionsService['writeContext'], 'writeLocked' | 'freezeResult'>;
  emit: Emit;
  history: HistoryRecorder;
}) {
  const { decisions, votingEnds, matrixOf, emit, history } = deps;
  const { writeLocked, freezeResult } = deps.writeContext;

  /**
   * `startedBy`: who started the AI run that completed the decision (its history's actor). Voting ended
   * by hand names `voting_ended_by`; a passed deadline is System's, at the deadline.
   */
  async function announceVotingEnded(
    decisionId: number,
    now = Date.now(),
    startedBy: number | null = null,
  ): Promise<boolean> {
    const decision = await decisions.findById(decisionId);
    if (!decision || decision.type !== 'team') return false;
    const isDeadline = isPastDeadline(decision.timer, now);
    const hasEnded = isDeadline || (await decisions.hasAiEvaluations(decision.id));
    if (!hasEnded) return false;
    // The result when voting ended (issue 30): "end voting now" and the AI froze it in their own
    // transaction; a deadline that passed is frozen here (or by the first read, whichever comes first).
    const isFrozen = await writeLocked(decision.id, decision.user_id, null, async (locked, trx) => {
      await freezeResult(trx, locked.decision, 'voting_ended');
      return true;
    }).catch((error: unknown) => {
      // Deleted meanwhile: nothing to freeze or announce.
      if (error instanceof AppError && error.code === 'NOT_FOUND') return false;
      throw error;
    });
    if (!isFrozen) return false;
    const { options, result } = await matrixOf(decision);
    const top = result.ranking.find((entry) => entry.is_top);
    const option = top && options.find((candidate) => candidate.id === top.option_id);
    const leader = option && top.total !== null ? { option: option.name, result: top.total } : null;
    const byHand = decision.voting_ended_by ?? (isDeadline ? null : startedBy);
    const endedAt =
      decision.voting_ended_at ?? (isDeadline && decision.timer !== null ? decision.timer : new Date(now));
    // The claim and the history entry commit together: whichever path claims first records it once.
    const isClaimed = await decisions.transaction(async (trx) => {
      if (!(await votingEnds.claimVotingEndedAnnouncement(decision.id, new Date(now).toISOString(), trx)))
        return false;
      await history.record(trx, [
        {
          decisionId: decision.id,
          kind: 'voting_ended',
          actorId: byHand,
          at: toIsoString(endedAt),
          noResultReason: result.no_result_reason,
          // Stored always; the history presenter leaves it out for readers who may not see results.
          changes:
            option && top.total !== null
              ? [
                  {
                    field: 'leader',
                    from: null,
                    to: { option_id: option.id, name: option.name, total: top.total },
                  },
                ]
              : [],
        },
      ]);
      return true;
    });
    if (!isClaimed) return false;
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
