import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { Database, WorkspaceRole } from '../../db/schema.ts';
import { createWorkspaceCriteriaSetsRepo } from './criteria-sets-repo.ts';
import { createWorkspaceInvitationsRepo } from './invitations-repo.ts';
import { countOf, type Executor } from './repo-support.ts';

/** The advisory lock's first key: the namespace of "owning a workspace of this user" (any fixed int4). */
const OWNED_WORKSPACES_LOCK = 29_001;

/** The member columns the workspace page shows (the address only to owner and admins: the presenter decides). */
export interface WorkspaceMemberRow {
  user_id: number;
  role: WorkspaceRole;
  joined_at: string | Date;
  email: string;
  nickname: string | null;
  first_name: string | null;
  last_name: string | null;
  avatar_id: string | null;
}

/** The rows of `workspaces` and `workspace_members`. */
function createWorkspaceRowsRepo(db: Kysely<Database>) {
  return {
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /**
     * How many workspaces the user owns, counted under a transaction-scoped advisory lock per user on
     * PostgreSQL, so parallel creations (or transfers to them) cannot both see the last free place.
     */
    async countOwnedForUpdate(userId: number, trx: Transaction<Database>): Promise<number> {
      if (trx.getExecutor().adapter instanceof PostgresAdapter) {
        await sql`select pg_advisory_xact_lock(${OWNED_WORKSPACES_LOCK}, ${userId})`.execute(trx);
      }
      return countOf(
        trx
          .selectFrom('workspaces')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('owner_id', '=', userId),
      );
    },

    async insertWorkspace(name: string, ownerId: number, now: string, trx: Transaction<Database>) {
      const workspace = await trx
        .insertInto('workspaces')
        .values({ name, owner_id: ownerId, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('workspace_members')
        .values({ workspace_id: workspace.id, user_id: ownerId, role: 'owner', joined_at: now })
        .execute();
      return workspace;
    },

    /** The caller's workspaces with their role and head count, by name. */
    listForUser(userId: number) {
      return db
        .selectFrom('workspace_members as mine')
        .innerJoin('workspaces', 'workspaces.id', 'mine.workspace_id')
        .select((eb) => [
          'workspaces.id',
          'workspaces.name',
          'mine.role',
          eb
            .selectFrom('workspace_members as everyone')
            .select((inner) => inner.fn.countAll<number>().as('count'))
            .whereRef('everyone.workspace_id', '=', 'workspaces.id')
            .as('member_count'),
        ])
        .where('mine.user_id', '=', userId)
        .orderBy('workspaces.name')
        .orderBy('workspaces.id')
        .execute();
    },

    listMembersWithPeople(workspaceId: number): Promise<WorkspaceMemberRow[]> {
      return db
        .selectFrom('workspace_members')
        .innerJoin('users', 'users.id', 'workspace_members.user_id')
        .select([
          'workspace_members.user_id',
          'workspace_members.role',
          'workspace_members.joined_at',
          'users.email',
          'users.nickname',
          'users.first_name',
          'users.last_name',
          'users.avatar_id',
        ])
        .where('workspace_members.workspace_id', '=', workspaceId)
        .orderBy('workspace_members.joined_at')
        .orderBy('workspace_members.user_id')
        .execute();
    },

    countMembers(workspaceId: number, executor: Executor = db): Promise<number> {
      return countOf(
        executor
          .selectFrom('workspace_members')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('workspace_id', '=', workspaceId),
      );
    },

    memberIds(workspaceId: number, executor: Executor = db): Promise<number[]> {
      return executor
        .selectFrom('workspace_members')
        .select('user_id')
        .where('workspace_id', '=', workspaceId)
        .execute()
        .then((rows) => rows.map((row) => row.user_id));
    },

    async renameWorkspace(workspaceId: number, name: string, now: string, trx: Transaction<Database>) {
      await trx
        .updateTable('workspaces')
        .set({ name, updated_at: now })
        .where('id', '=', workspaceId)
        .execute();
    },

    async deleteWorkspace(workspaceId: number, trx: Transaction<Database>) {
      await trx.deleteFrom('workspaces').where('id', '=', workspaceId).execute();
    },

    async insertMember(
      member: { workspaceId: number; userId: number; role: WorkspaceRole; now: string },
      trx: Transaction<Database>,
    ) {
      await trx
        .insertInto('workspace_members')
        .values({
          workspace_id: member.workspaceId,
          user_id: member.userId,
          role: member.role,
          joined_at: member.now,
        })
        .execute();
    },

    async setMemberRole(
      workspaceId: number,
      userId: number,
      role: WorkspaceRole,
      trx: Transaction<Database>,
    ) {
      await trx
        .updateTable('workspace_members')
        .set({ role })
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', userId)
        .execute();
    },

    async deleteMember(workspaceId: number, userId: number, trx: Transaction<Database>) {
      await trx
        .deleteFrom('workspace_members')
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', userId)
        .execute();
    },

    async setOwner(workspaceId: number, ownerId: number, now: string, trx: Transaction<Database>) {
      await trx
        .updateTable('workspaces')
        .set({ owner_id: ownerId, updated_at: now })
        .where('id', '=', workspaceId)
        .execute();
    },
  };
}

/** The writer of `workspaces`, `workspace_members`, `workspace_invitations` and `workspace_criteria_sets`. */
export function createWorkspacesRepo(db: Kysely<Database>) {
  return {
    ...createWorkspaceRowsRepo(db),
    ...createWorkspaceInvitationsRepo(db),
    ...createWorkspaceCriteriaSetsRepo(db),
  };
}

export type WorkspacesRepo = ReturnType<typeof createWorkspacesRepo>;
