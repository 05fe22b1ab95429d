import type { Snapshot } from '../../../shared/api/snapshots.ts';
import { AppError } from '../../app-error.ts';
import type { DecisionAccess } from './access.ts';
import { presentSnapshot } from './frozen-result.ts';
import { authorize } from './policy.ts';
import { resultsHiddenUntilFor } from './results-visibility.ts';
import type { SnapshotRow } from './snapshots-repo.ts';
import type { DecisionWriteContext } from './write-context.ts';

/** Voting of a team decision ended: its deadline passed ("end voting now" included) or the AI completed it. */
function hasVotingEnded(access: DecisionAccess): boolean {
  return access.decision.type === 'team' && (access.state.isExpired || access.state.isCompletedByAi);
}

/**
 * Frozen results (issue 30): reading them, and the owner's named snapshots of a personal decision. The
 * writes that end voting or record an outcome freeze through `freezeResult` in their own transaction.
 */
export function createSnapshots({ decisions, writeLocked, freezeResult }: DecisionWriteContext) {
  /**
   * The latest `voting_ended` snapshot of a team decision whose voting ended. A deadline passes without
   * a request; until the scheduler's job has frozen it, the first read does (under the write lock, so
   * two readers store one), so no read ever shows a result other than the frozen one.
   */
  async function frozenResultOf(access: DecisionAccess): Promise<SnapshotRow | undefined> {
    if (!hasVotingEnded(access)) return undefined;
    const stored = await decisions.latestSnapshotOf(access.decision.id, 'voting_ended');
    if (stored) return stored;
    return writeLocked(access.decision.id, access.userId, null, async (locked, trx) => {
      await freezeResult(trx, locked.decision, 'voting_ended');
      return decisions.latestSnapshotOf(locked.decision.id, 'voting_ended', trx);
    });
  }

  return {
    frozenResultOf,

    /** Newest first; nothing while results are hidden from the caller (no snapshot exists then anyway). */
    async list(access: DecisionAccess): Promise<Snapshot[]> {
      if (resultsHiddenUntilFor(access) !== null) return [];
      await frozenResultOf(access);
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
