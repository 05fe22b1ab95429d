import type { Kysely } from 'kysely';
import type { Database, TeamRole } from '../../db/schema.ts';
import { inSlices } from '../../db/statement-slices.ts';
import type { Executor } from './repo-support.ts';

/**
 * What the decisions module reads of a team (access, details, dashboard); the team module writes
 * `team_members` and `invitations`.
 */
export function createTeamReadsRepo(db: Kysely<Database>) {
  function listTeamMembers(decisionId: number) {
    return db
      .selectFrom('team_members')
      .innerJoin('users', 'users.id', 'team_members.user_id')
      .select([
        'team_members.id',
        'team_members.user_id',
        'team_members.role',
        'users.email',
        'users.nickname',
        'users.first_name',
        'users.last_name',
        'users.avatar_id',
      ])
      .where('team_members.decision_id', '=', decisionId)
      .orderBy('team_members.id')
      .execute();
  }

  return {
    async teamRoleOf(
      decisionId: number,
      userId: number,
      executor: Executor = db,
    ): Promise<TeamRole | undefined> {
      const row = await executor
        .selectFrom('team_members')
        .select('role')
        .where('decision_id', '=', decisionId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.role;
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
    async listTeam(decisionId: number, ownerId: number, now: string) {
      const [owner, members, pending] = await Promise.all([
        db
          .selectFrom('users')
          .select(['id', 'email', 'nickname', 'first_name', 'last_name', 'avatar_id'])
          .where('id', '=', ownerId)
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
