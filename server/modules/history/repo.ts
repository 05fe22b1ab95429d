import type { Kysely, Transaction } from 'kysely';
import type { HistoryChange, StoredMatrix } from '../../../shared/api/history.ts';
import type { Database } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';
import type { HistoryRecorder } from '../decisions/index.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The `decision_history` and `decision_versions` tables (issue 30): append-only. Nothing here updates
 * or deletes a row; deleting the decision deletes its history (ON DELETE CASCADE).
 */
export function createHistoryRepo(db: Kysely<Database>) {
  /** One multi-row INSERT per write: a save's entries share one statement. */
  const recorder: HistoryRecorder = {
    async record(trx, entries) {
      if (!entries.length) return;
      const now = isoNow();
      await trx
        .insertInto('decision_history')
        .values(
          entries.map((entry) => ({
            decision_id: entry.decisionId,
            at: entry.at ?? now,
            kind: entry.kind,
            actor_id: entry.actorId,
            subject_id: entry.subjectId ?? null,
            changes: JSON.stringify(entry.changes ?? []),
            version_id: entry.versionId ?? null,
          })),
        )
        .execute();
    },

    async recordVersion(trx, decisionId, matrix) {
      const row = await trx
        .insertInto('decision_versions')
        .values({ decision_id: decisionId, created_at: isoNow(), matrix: JSON.stringify(matrix) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };

  return {
    recorder,

    /** Newest first, `limit` entries older than `before` (an entry id), with actor and subject. */
    page(decisionId: number, before: number | undefined, limit: number) {
      let query = db
        .selectFrom('decision_history as h')
        .leftJoin('users as actor', 'actor.id', 'h.actor_id')
        .leftJoin('users as subject', 'subject.id', 'h.subject_id')
        .select([
          'h.id',
          'h.at',
          'h.kind',
          'h.actor_id',
          'h.subject_id',
          'h.changes',
          'h.version_id',
          'actor.email as actor_email',
          'actor.nickname as actor_nickname',
          'actor.first_name as actor_first_name',
          'actor.last_name as actor_last_name',
          'actor.deleted_at as actor_deleted_at',
          'subject.email as subject_email',
          'subject.nickname as subject_nickname',
          'subject.first_name as subject_first_name',
          'subject.last_name as subject_last_name',
          'subject.deleted_at as subject_deleted_at',
        ])
        .where('h.decision_id', '=', decisionId);
      if (before !== undefined) query = query.where('h.id', '<', before);
      // The (decision_id, id) index walks this backwards: no sort of the decision's whole history.
      return query.orderBy('h.id', 'desc').limit(limit).execute();
    },

    async version(decisionId: number, versionId: number, executor: Executor = db) {
      const row = await executor
        .selectFrom('decision_versions')
        .select(['id', 'created_at', 'matrix'])
        .where('decision_id', '=', decisionId)
        .where('id', '=', versionId)
        .executeTakeFirst();
      return (
        row && { id: row.id, created_at: row.created_at, matrix: JSON.parse(row.matrix) as StoredMatrix }
      );
    },

    /** The version an entry of this decision belongs to (any entry of that save). */
    async versionOfEntry(decisionId: number, entryId: number, executor: Executor = db) {
      const row = await executor
        .selectFrom('decision_history as h')
        .innerJoin('decision_versions as v', 'v.id', 'h.version_id')
        .select(['v.id', 'v.matrix'])
        .where('h.decision_id', '=', decisionId)
        .where('h.id', '=', entryId)
        .where('v.decision_id', '=', decisionId)
        .executeTakeFirst();
      return row && { versionId: row.id, matrix: JSON.parse(row.matrix) as StoredMatrix };
    },
  };
}

export type HistoryRepo = ReturnType<typeof createHistoryRepo>;
export type HistoryRow = Awaited<ReturnType<HistoryRepo['page']>>[number];
export type { HistoryChange };
