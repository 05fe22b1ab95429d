import type { Kysely, Transaction } from 'kysely';
import type { Database, TeamRole } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Issue 29: the `team_members` rows that come from a workspace (`via_workspace`), and whether a member
 * left the decision's workspace (`left_at`) or had their role set by hand (`role_pinned`).
 */
export function createWorkspaceMembersRepo(db: Kysely<Database>) {
  return {
    /** Issue 29: the membership row as the workspace sync and the member endpoints need it. */
    findMembership(decisionId: number, userId: number, executor: Executor = db) {
      return executor
        .selectFrom('team_members')
        .select(['id', 'role', 'via_workspace', 'role_pinned', 'left_at'])
        .where('decision_id', '=', decisionId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Issue 29: a workspace member takes part in a workspace decision without an invitation. */
    async insertWorkspaceMembers(
      decisionId: number,
      members: readonly { userId: number; role: TeamRole }[],
      now: string,
      trx: Transaction<Database>,
    ): Promise<void> {
      if (!members.length) return;
      await trx
        .insertInto('team_members')
        .values(
          members.map((member) => ({
            decision_id: decisionId,
            user_id: member.userId,
            role: member.role,
            created_at: now,
            via_workspace: 1,
          })),
        )
        .execute();
    },

    /** Issue 29: a workspace member who left a closed decision's workspace comes back (role kept). */
    async clearLeft(decisionId: number, userId: number, trx: Transaction<Database>): Promise<void> {
      await trx
        .updateTable('team_members')
        .set({ left_at: null })
        .where('decision_id', '=', decisionId)
        .where('user_id', '=', userId)
        .execute();
    },

    /** Issue 29: left the workspace of a closed decision: the row (and the votes) stay, access goes. */
    async markLeft(
      decisionId: number,
      userId: number,
      now: string,
      trx: Transaction<Database>,
    ): Promise<void> {
      await trx
        .updateTable('team_members')
        .set({ left_at: now })
        .where('decision_id', '=', decisionId)
        .where('user_id', '=', userId)
        .where('via_workspace', '=', 1)
        .where('left_at', 'is', null)
        .execute();
    },

    /** Issue 29: a workspace role change follows in a decision unless its owner pinned the role there. */
    async followWorkspaceRole(
      decisionId: number,
      userId: number,
      role: TeamRole,
      trx: Transaction<Database>,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('team_members')
        .set({ role })
        .where('decision_id', '=', decisionId)
        .where('user_id', '=', userId)
        .where('via_workspace', '=', 1)
        .where('role_pinned', '=', 0)
        .where('left_at', 'is', null)
        .where('role', '<>', role)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Issue 29: the owner set a workspace member's role in this decision; workspace changes pass it by. */
    async pinRole(decisionId: number, userId: number, trx: Transaction<Database>): Promise<void> {
      await trx
        .updateTable('team_members')
        .set({ role_pinned: 1 })
        .where('decision_id', '=', decisionId)
        .where('user_id', '=', userId)
        .where('via_workspace', '=', 1)
        .execute();
    },

    /** Issue 29: the workspace goes: its members stay in the decision as ordinary members. */
    async detachWorkspaceMembers(decisionId: number, trx: Transaction<Database>): Promise<void> {
      await trx
        .updateTable('team_members')
        .set({ via_workspace: 0 })
        .where('decision_id', '=', decisionId)
        .where('via_workspace', '=', 1)
        .execute();
    },

    /**
     * Issue 29: address and language of the decision's workspace members who take part (not left,
     * account alive), for the mail when the decision is activated.
     */
    listWorkspaceMemberContacts(decisionId: number, executor: Executor = db) {
      return executor
        .selectFrom('team_members')
        .innerJoin('users', 'users.id', 'team_members.user_id')
        .select(['users.id', 'users.email', 'users.language'])
        .where('team_members.decision_id', '=', decisionId)
        .where('team_members.via_workspace', '=', 1)
        .where('team_members.left_at', 'is', null)
        .where('users.deleted_at', 'is', null)
        .orderBy('users.id')
        .execute();
    },
  };
}
