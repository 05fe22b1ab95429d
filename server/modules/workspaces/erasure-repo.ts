import type { Kysely, Transaction } from 'kysely';
import type { Database, WorkspaceRole } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** A workspace the account belongs to, with its role there. */
export interface WorkspaceMembershipOfAccount {
  workspace_id: number;
  name: string;
  role: WorkspaceRole;
}

/** Who takes over an owned workspace: the longest-standing admin, else the longest-standing member. */
export interface WorkspaceHeir {
  user_id: number;
  role: Exclude<WorkspaceRole, 'owner'>;
  email: string;
  nickname: string | null;
  first_name: string | null;
  last_name: string | null;
}

/**
 * What deleting an account reads and writes of workspaces (issue 29), for the account module: the
 * workspaces module stays the one writer of its tables. The decisions' side of every change goes
 * through the team module's WorkspaceDecisionSync, as the workspaces module's own changes do.
 */
export function createWorkspaceErasureRepo(db: Kysely<Database>) {
  return {
    listMemberships(userId: number, executor: Executor = db): Promise<WorkspaceMembershipOfAccount[]> {
      return executor
        .selectFrom('workspace_members')
        .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
        .select(['workspace_members.workspace_id', 'workspaces.name', 'workspace_members.role'])
        .where('workspace_members.user_id', '=', userId)
        .orderBy('workspace_members.workspace_id')
        .execute();
    },

    /** The account's memberships as the data export lists them. */
    listMembershipsForExport(userId: number) {
      return db
        .selectFrom('workspace_members')
        .innerJoin('workspaces', 'workspaces.id', 'workspace_members.workspace_id')
        .select([
          'workspaces.id',
          'workspaces.name',
          'workspace_members.role',
          'workspace_members.joined_at',
          'workspaces.created_at',
        ])
        .where('workspace_members.user_id', '=', userId)
        .orderBy('workspaces.id')
        .execute();
    },

    /** Other members of these workspaces with live accounts, longest-standing first. */
    listHeirCandidates(workspaceIds: readonly number[], userId: number, executor: Executor = db) {
      if (!workspaceIds.length) return Promise.resolve([]);
      return executor
        .selectFrom('workspace_members')
        .innerJoin('users', 'users.id', 'workspace_members.user_id')
        .select([
          'workspace_members.workspace_id',
          'workspace_members.user_id',
          'workspace_members.role',
          'users.email',
          'users.nickname',
          'users.first_name',
          'users.last_name',
        ])
        .where('workspace_members.workspace_id', 'in', workspaceIds)
        .where('workspace_members.user_id', '<>', userId)
        .where('users.deleted_at', 'is', null)
        .orderBy('workspace_members.joined_at')
        .orderBy('workspace_members.user_id')
        .execute();
    },

    async makeOwner(workspaceId: number, heirId: number, now: string, trx: Transaction<Database>) {
      await trx
        .updateTable('workspaces')
        .set({ owner_id: heirId, updated_at: now })
        .where('id', '=', workspaceId)
        .execute();
      await trx
        .updateTable('workspace_members')
        .set({ role: 'owner' })
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', heirId)
        .execute();
    },

    async removeMembership(workspaceId: number, userId: number, trx: Transaction<Database>) {
      await trx
        .deleteFrom('workspace_members')
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', userId)
        .execute();
    },

    /** Members, invitations and criteria sets go with it (ON DELETE CASCADE). */
    async deleteWorkspace(workspaceId: number, trx: Transaction<Database>) {
      await trx.deleteFrom('workspaces').where('id', '=', workspaceId).execute();
    },

    /** Pending invitations to the account's address: nobody can accept them any more. */
    async deleteInvitationsTo(email: string, trx: Transaction<Database>) {
      await trx
        .deleteFrom('workspace_invitations')
        .where('email', '=', email)
        .where('accepted_at', 'is', null)
        .execute();
    },
  };
}

export type WorkspaceErasureRepo = ReturnType<typeof createWorkspaceErasureRepo>;
