import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { Database, Timestamp, WorkspaceRole } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export interface WorkspaceMembership {
  workspace_id: number;
  user_id: number;
  role: WorkspaceRole;
  joined_at: Timestamp;
}

/**
 * Who belongs to a workspace, as the workspaces module and the team module (workspace decisions) read
 * it. Writes of workspaces live in the workspaces module; this is the part both need.
 */
export function createWorkspaceMembershipRepo(db: Kysely<Database>) {
  return {
    /** The caller's membership, or undefined for a non-member (who must get 404, as for an unknown id). */
    membershipOf(
      workspaceId: number,
      userId: number,
      executor: Executor = db,
    ): Promise<WorkspaceMembership | undefined> {
      return executor
        .selectFrom('workspace_members')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Every member, the owner included, longest-standing first. */
    listMembers(workspaceId: number, executor: Executor = db): Promise<WorkspaceMembership[]> {
      return executor
        .selectFrom('workspace_members')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('joined_at')
        .orderBy('user_id')
        .execute();
    },

    findWorkspace(workspaceId: number, executor: Executor = db) {
      return executor.selectFrom('workspaces').selectAll().where('id', '=', workspaceId).executeTakeFirst();
    },

    /**
     * Locks the workspace row for the rest of the transaction (PostgreSQL; SQLite transactions are
     * serialised already), so membership changes and workspace decision creations run one at a time.
     * Lock order: the workspace first, then its decisions by ascending id.
     */
    lockWorkspace(workspaceId: number, trx: Transaction<Database>) {
      const query = trx.selectFrom('workspaces').selectAll().where('id', '=', workspaceId);
      const isPostgres = trx.getExecutor().adapter instanceof PostgresAdapter;
      return (isPostgres ? query.forUpdate() : query).executeTakeFirst();
    },
  };
}

export type WorkspaceMembershipRepo = ReturnType<typeof createWorkspaceMembershipRepo>;
