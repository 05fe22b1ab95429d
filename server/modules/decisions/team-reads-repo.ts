import type { Kysely } from 'kysely';
import type { Database, TeamRole, Timestamp } from '../../db/schema.ts';
import { inSlices } from '../../db/statement-slices.ts';
import type { Executor } from './repo-support.ts';

/**
 * What the decisions module reads of a team (access, details, dashboard); the team module writes
 * `team_members` and `invitations`.
 */
export function createTeamReadsRepo(db: Kysely<Database>) {
  function listTeamMembers(decisionId: number, executor: Executor = db) {
    return executor
      .selectFrom('team_members')
      .innerJoin('users', 'users.id', 'team_members.user_id')
      .select([
        'team_members.id',
        'team_members.user_id',
        'team_members.role',
        'team_members.submitted_at',
        'team_members.reopened_at',
        'team_members.via_workspace',
        'team_members.left_at',
        'users.email',
        'users.nickname',
        'users.first_name',
        'users.last_name',
        'users.avatar_id',
        'users.deleted_at',
      ])
      .where('team_members.decision_id', '=', decisionId)
      .orderBy('team_members.id')
      .execute();
  }

  return {
    /** The caller's membership: role, and whether their vote is submitted (issue 27); undefined if none. */
    async membershipOf(
      decisionId: number,
      userId: number,
      executor: Executor = db,
    ): Promise<{ role: TeamRole; submitted_at: Timestamp | null } | undefined> {
      return (
        executor
          .selectFrom('team_members')
          .select(['role', 'submitted_at'])
          .where('decision_id', '=', decisionId)
          .where('user_id', '=', userId)
          // Left the decision's workspace (issue 29): no access, exactly as an outsider.
          .where('left_at', 'is', null)
          .executeTakeFirst()
      );
    },

    /** Accepted members who vote (admin and editor; viewers never do) of many team decisions. */
    listVotingMembersOf(decisionIds: readonly number[]) {
      return inSlices(decisionIds, (ids) =>
        db
          .selectFrom('team_members')
          .select(['decision_id', 'user_id'])
          .where('decision_id', 'in', ids)
          .where('role', 'in', ['admin', 'editor'])
          .execute(),
      );
    },

    /** Members of a team decision: the owner first, then accepted members, then pending invitations. */
    async listTeam(decisionId: number, now: string) {
      const [owner, members, pending] = await Promise.all([
        // The owner's submission lives on the decision (they have no membership row).
        db
          .selectFrom('decisions')
          .innerJoin('users', 'users.id', 'decisions.user_id')
          .select([
            'users.id',
            'users.email',
            'users.nickname',
            'users.first_name',
            'users.last_name',
            'users.avatar_id',
            'decisions.owner_submitted_at as submitted_at',
            'decisions.owner_reopened_at as reopened_at',
          ])
          .where('decisions.id', '=', decisionId)
          .executeTakeFirstOrThrow(),
        listTeamMembers(decisionId),
        // No join on users: whether an invited address has an account is not for the team to learn.
        db
          .selectFrom('invitations')
          .select(['invitations.id', 'invitations.email', 'invitations.role'])
          .where('invitations.decision_id', '=', decisionId)
          .where('invitations.accepted_at', 'is', null)
          .where('invitations.revoked_at', 'is', null)
          .where('invitations.expires_at', '>', now)
          .orderBy('invitations.id')
          .execute(),
      ]);
      return { owner, members, pending };
    },

    listTeamMembers,
  };
}
