import type { Kysely, Transaction } from 'kysely';
import type { Database, TeamRole, Timestamp } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** A team decision the user belongs to, with what tells whether voting is still open. */
export interface MembershipRow {
  decision_id: number;
  name: string;
  timer: Timestamp | null;
  outcome_option_id: number | null;
  submitted_at: Timestamp | null;
  reopened_at: Timestamp | null;
}

/** A member who could inherit a decision: an accepted admin or editor with a live account. */
export interface HeirCandidateRow {
  decision_id: number;
  user_id: number;
  role: TeamRole;
  created_at: Timestamp;
  id: number;
  submitted_at: Timestamp | null;
  reopened_at: Timestamp | null;
  email: string;
  nickname: string | null;
  first_name: string | null;
  last_name: string | null;
}

/**
 * What account deletion and the data export (issue 28) read across decisions, teams and sessions, and
 * the erasure of the rows that belong only to the account and have no use case of their own (tokens,
 * AI usage). Decisions, memberships, invitations, notifications, sessions and the user row itself are
 * written through their owners' repos, inside the same transaction.
 */
export function createAccountRepo(db: Kysely<Database>) {
  return {
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    listOwnedDecisions(userId: number, executor: Executor = db) {
      return executor
        .selectFrom('decisions')
        .select([
          'id',
          'name',
          'type',
          'owner_submitted_at',
          'owner_reopened_at',
          'timer',
          'outcome_option_id',
        ])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    listMemberships(userId: number, executor: Executor = db): Promise<MembershipRow[]> {
      return executor
        .selectFrom('team_members')
        .innerJoin('decisions', 'decisions.id', 'team_members.decision_id')
        .select([
          'team_members.decision_id',
          'decisions.name',
          'decisions.timer',
          'decisions.outcome_option_id',
          'team_members.submitted_at',
          'team_members.reopened_at',
        ])
        .where('team_members.user_id', '=', userId)
        .orderBy('team_members.decision_id')
        .execute();
    },

    /** Of these decisions, those the AI completed (voting closed for good). */
    async listCompletedByAi(decisionIds: readonly number[], executor: Executor = db): Promise<Set<number>> {
      if (!decisionIds.length) return new Set();
      const rows = await executor
        .selectFrom('evaluations')
        .select('decision_id')
        .distinct()
        .where('decision_id', 'in', decisionIds)
        .where('user_id', 'is', null)
        .where('generated_by', '=', 'ai')
        .execute();
      return new Set(rows.map((row) => row.decision_id));
    },

    /** Admins and editors of these decisions whose accounts live, in the order they joined. */
    listHeirCandidates(decisionIds: readonly number[], executor: Executor = db): Promise<HeirCandidateRow[]> {
      if (!decisionIds.length) return Promise.resolve([]);
      return (
        executor
          .selectFrom('team_members')
          .innerJoin('users', 'users.id', 'team_members.user_id')
          .select([
            'team_members.decision_id',
            'team_members.user_id',
            'team_members.role',
            'team_members.created_at',
            'team_members.id',
            'team_members.submitted_at',
            'team_members.reopened_at',
            'users.email',
            'users.nickname',
            'users.first_name',
            'users.last_name',
          ])
          .where('team_members.decision_id', 'in', decisionIds)
          .where('team_members.role', 'in', ['admin', 'editor'])
          .where('users.deleted_at', 'is', null)
          // Left the decision's workspace (issue 29): no access, so no heir.
          .where('team_members.left_at', 'is', null)
          .orderBy('team_members.created_at')
          .orderBy('team_members.id')
          .execute()
      );
    },

    /** Accepted members of these decisions (told live when a decision goes), read inside the deletion. */
    listMemberIds(decisionId: number, executor: Executor = db) {
      return (
        executor
          .selectFrom('team_members')
          .select('user_id')
          .where('decision_id', '=', decisionId)
          // Left the decision's workspace (issue 29): told nothing of it any more.
          .where('left_at', 'is', null)
          .execute()
      );
    },

    /** The account's sessions as the export lists them: when, never the token's hash. */
    listSessions(userId: number) {
      return db
        .selectFrom('sessions')
        .select(['created_at', 'last_used_at', 'expires_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
    },

    /** The account's API tokens as the export lists them (issue 32): never the token's hash. */
    listApiTokens(userId: number) {
      return db
        .selectFrom('api_tokens')
        .select(['name', 'scope', 'created_at', 'last_used_at', 'expires_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    /** Single-use links and AI bookkeeping of the account: nothing of them is kept. */
    async eraseAccountRows(userId: number, trx: Transaction<Database>): Promise<void> {
      await trx.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
      await trx.deleteFrom('email_verification_tokens').where('user_id', '=', userId).execute();
      await trx.deleteFrom('ai_usage').where('user_id', '=', userId).execute();
      await trx.deleteFrom('ai_runs').where('user_id', '=', userId).execute();
    },
  };
}

export type AccountRepo = ReturnType<typeof createAccountRepo>;
