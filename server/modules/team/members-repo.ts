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
