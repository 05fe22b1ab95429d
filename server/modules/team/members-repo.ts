import type { Kysely, Transaction } from 'kysely';
import type { Database, TeamRole } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** Submitting sets `submitted_at` and clears `reopened_at`; reopening does the reverse. */
export interface VoteSubmissionValues {
  submitted_at: string | null;
  reopened_at: string | null;
}

/** A team's accepted members (`team_members`) and the account an invited address belongs to. */
export function createMembersRepo(db: Kysely<Database>) {
  return {
    async setRole(
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
        // A member who left the workspace (issue 29) is gone for the decision's managers too.
        .where('left_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Removes the membership; the caller removes the member's votes and weights through the decisions module. */
    async removeMember(decisionId: number, userId: number, trx: Transaction<Database>): Promise<boolean> {
      const result = await trx
        .deleteFrom('team_members')
        .where('decision_id', '=', decisionId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      return true;
    },

    /**
     * A member's vote submission (issue 27): submitted (final) or reopened; false when no such member.
     * A write of `team_members`, so every instance's cached lists are dropped through the change feed.
     */
    async setSubmission(
      decisionId: number,
      userId: number,
      submission: VoteSubmissionValues,
      trx: Transaction<Database>,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('team_members')
        .set(submission)
        .where('decision_id', '=', decisionId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Account deletion (issue 28): a former owner whose votes stay in a closed decision that passed to
     * an heir becomes a member, so the team lists those votes under "Former member".
     */
    async insertFormerOwner(
      decisionId: number,
      userId: number,
      submission: VoteSubmissionValues,
      now: string,
      trx: Transaction<Database>,
    ): Promise<void> {
      await trx
        .insertInto('team_members')
        .values({ decision_id: decisionId, user_id: userId, role: 'editor', created_at: now, ...submission })
        .execute();
    },

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

    async isMember(decisionId: number, userId: number, executor: Executor = db): Promise<boolean> {
      const row = await executor
        .selectFrom('team_members')
        .select('id')
        .where('decision_id', '=', decisionId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Accepted members of the decision (`team_members` holds no row for the owner); members who left
     * its workspace (issue 29) hold no place any more.
     */
    async countMembers(decisionId: number, executor: Executor = db): Promise<number> {
      const row = await executor
        .selectFrom('team_members')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('decision_id', '=', decisionId)
        .where('left_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    findUserByEmail(email: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'language', 'nickname'])
        .where('email', '=', email)
        .executeTakeFirst();
    },
  };
}
