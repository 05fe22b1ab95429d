import type { FrozenResult, Snapshot } from '../../../shared/api/snapshots.ts';
import { AppError } from '../../app-error.ts';
import { toIsoString } from '../../db/values.ts';
import type { DecisionAccess } from './access.ts';
import {
  frozenResultOf as computeFrozenResult,
  presentFrozenResult,
  presentSnapshot,
  votersOf,
} from './frozen-result.ts';
import { authorize } from './policy.ts';
import type { ReadModel } from './read-model.ts';
import { resultsHiddenUntilFor } from './results-visibility.ts';
import type { DecisionWriteContext } from './write-context.ts';

/** Voting of a team decision ended: its deadline passed ("end voting now" included) or the AI completed it. */
function hasVotingEnded(access: DecisionAccess): boolean {
  return access.decision.type === 'team' && (access.state.isExpired || access.state.isCompletedByAi);
}

/**
 * Frozen results (issue 30): reading them, and the owner's named snapshots of a personal decision. The
 * writes that end voting or record an outcome freeze through `freezeResult` in their own transaction;
 * reads never write.
 */
export function createSnapshots(
  { decisions, writeLocked, freezeResult }: DecisionWriteContext,
  readModel: Pick<ReadModel, 'matrixOf'>,
) {
  return {
    /**
     * The result when voting of a team decision ended: the stored `voting_ended` snapshot or, when the
     * deadline passed and the voting-end job has not stored it yet, the result computed now. Both are
     * the same: after the deadline no write changes the votes, and a write that changes the decision
     * stores the snapshot first (`freezeBeforeChange`).
     */
    async frozenResultOf(access: DecisionAccess): Promise<FrozenResult | null> {
      if (!hasVotingEnded(access)) return null;
      const stored = await decisions.latestSnapshotOf(access.decision.id, 'voting_ended');
      if (stored) return presentFrozenResult(stored);
      const { decision } = access;
      const [matrix, voterIds] = await Promise.all([
        readModel.matrixOf(decision),
        votersOf(decisions, decision),
      ]);
      // An AI completion stores its snapshot with its cells: only a passed deadline gets here.
      const at = toIsoString(decision.timer ?? new Date());
      return { at, ...computeFrozenResult(decision, matrix, voterIds) };
    },

    /** Newest first, as stored; nothing while results are hidden from the caller. */
    async list(access: DecisionAccess): Promise<Snapshot[]> {
      if (resultsHiddenUntilFor(access) !== null) return [];
      return (await decisions.listSnapshots(access.decision.id)).map(presentSnapshot);
    },

    /** A named snapshot of a personal decision, by its owner (team decisions freeze by themselves: 409). */
    async createManual(access: DecisionAccess, label: string): Promise<Snapshot> {
      const row = await writeLocked(access.decision.id, access.userId, null, async (locked, trx) => {
        if (locked.decision.type === 'team') throw new AppError('SNAPSHOT_PERSONAL_ONLY');
        authorize(locked.relation, 'edit', locked.state);
        return freezeResult(trx, locked.decision, 'manual', label);
      });
      return presentSnapshot(row!);
    },
  };
}
