import type { Kysely } from 'kysely';
import type { Database, SnapshotReason } from '../../db/schema.ts';
import type { Executor } from './repo-support.ts';

/** A stored snapshot (issue 30); `result` is its JSON as written. */
export interface SnapshotRow {
  id: number;
  decision_id: number;
  at: string | Date;
  reason: SnapshotReason;
  label: string | null;
  result: string;
}

/**
 * `decision_snapshots`: written once, never updated; the decision's deletion removes them (cascade).
 * No endpoint changes or deletes a snapshot.
 */
export function createSnapshotsRepo(db: Kysely<Database>) {
  return {
    async insertSnapshot(
      row: { decision_id: number; at: string; reason: SnapshotReason; label: string | null; result: string },
      executor: Executor = db,
    ): Promise<SnapshotRow> {
      return executor.insertInto('decision_snapshots').values(row).returningAll().executeTakeFirstOrThrow();
    },

    /** Newest first. */
    listSnapshots(decisionId: number, executor: Executor = db): Promise<SnapshotRow[]> {
      return executor
        .selectFrom('decision_snapshots')
        .selectAll()
        .where('decision_id', '=', decisionId)
        .orderBy('id', 'desc')
        .execute();
    },

    /** The newest snapshot taken for `reason`, if any. */
    latestSnapshotOf(
      decisionId: number,
      reason: SnapshotReason,
      executor: Executor = db,
    ): Promise<SnapshotRow | undefined> {
      return executor
        .selectFrom('decision_snapshots')
        .selectAll()
        .where('decision_id', '=', decisionId)
        .where('reason', '=', reason)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
  };
}
