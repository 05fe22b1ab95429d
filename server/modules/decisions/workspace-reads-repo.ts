import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Executor } from './repo-support.ts';

/**
 * What the decisions module reads of workspaces (issue 29): the names its cards and details show and
 * whether the caller may filter the list by one. The workspaces module writes these tables.
 */
export function createWorkspaceReadsRepo(db: Kysely<Database>) {
  return {
    /** The names of these workspaces (decision cards and details), one query for a page. */
    async workspaceNamesOf(
      workspaceIds: readonly number[],
      executor: Executor = db,
    ): Promise<Map<number, string>> {
      if (!workspaceIds.length) return new Map();
      const rows = await executor
        .selectFrom('workspaces')
        .select(['id', 'name'])
        .where('id', 'in', [...new Set(workspaceIds)])
        .execute();
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    /** Whether the user belongs to the workspace (a non-member's filter answers 404, as an unknown id). */
    async isWorkspaceMember(workspaceId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('workspace_members')
        .select('user_id')
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
