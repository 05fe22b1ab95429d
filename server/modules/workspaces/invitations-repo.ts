import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, WorkspaceInvitationsTable } from '../../db/schema.ts';
import { countOf, type Executor } from './repo-support.ts';

/** The rows of `workspace_invitations`. */
export function createWorkspaceInvitationsRepo(db: Kysely<Database>) {
  return {
    listPendingInvitations(workspaceId: number, now: string) {
      return db
        .selectFrom('workspace_invitations')
        .select(['id', 'email', 'role', 'created_at', 'expires_at'])
        .where('workspace_id', '=', workspaceId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    countPendingInvitations(workspaceId: number, now: string, executor: Executor = db): Promise<number> {
      return countOf(
        executor
          .selectFrom('workspace_invitations')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('workspace_id', '=', workspaceId)
          .where('accepted_at', 'is', null)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now),
      );
    },

    findPendingForEmail(workspaceId: number, email: string, now: string, executor: Executor = db) {
      return executor
        .selectFrom('workspace_invitations')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('email', '=', email)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    /** An invitation of this workspace, whatever its state (the routes refuse ids of other workspaces). */
    findInvitation(workspaceId: number, invitationId: number, executor: Executor = db) {
      return executor
        .selectFrom('workspace_invitations')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', invitationId)
        .executeTakeFirst();
    },

    findInvitationByHash(tokenHash: string, executor: Executor = db) {
      return executor
        .selectFrom('workspace_invitations')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /** The public preview of a token: the invitation with its workspace's name and the inviter. */
    findPreviewByHash(tokenHash: string) {
      return db
        .selectFrom('workspace_invitations')
        .innerJoin('workspaces', 'workspaces.id', 'workspace_invitations.workspace_id')
        .innerJoin('users', 'users.id', 'workspace_invitations.inviter_id')
        .select([
          'workspace_invitations.id',
          'workspace_invitations.email',
          'workspace_invitations.role',
          'workspace_invitations.expires_at',
          'workspace_invitations.accepted_at',
          'workspace_invitations.revoked_at',
          'workspaces.name as workspace_name',
          'users.email as inviter_email',
          'users.nickname as inviter_nickname',
          'users.first_name as inviter_first_name',
          'users.last_name as inviter_last_name',
        ])
        .where('workspace_invitations.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    insertInvitation(values: Insertable<WorkspaceInvitationsTable>, trx: Transaction<Database>) {
      return trx.insertInto('workspace_invitations').values(values).returningAll().executeTakeFirstOrThrow();
    },

    /** A new token and expiry (and, re-invited, role and inviter): the old token opens nothing any more. */
    renewInvitation(
      invitationId: number,
      changes: Pick<WorkspaceInvitationsTable, 'token_hash' | 'expires_at' | 'created_at'> &
        Partial<Pick<WorkspaceInvitationsTable, 'role' | 'inviter_id'>>,
      trx: Transaction<Database>,
    ) {
      return trx
        .updateTable('workspace_invitations')
        .set(changes)
        .where('id', '=', invitationId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async revokeInvitation(invitationId: number, now: string, trx: Transaction<Database>) {
      await trx
        .updateTable('workspace_invitations')
        .set({ revoked_at: now })
        .where('id', '=', invitationId)
        .execute();
    },

    /** Marks the invitation used by `userId`; false when it was no longer pending. */
    async claimInvitation(invitationId: number, userId: number, now: string, trx: Transaction<Database>) {
      const claimed = await trx
        .updateTable('workspace_invitations')
        .set({ accepted_at: now, accepted_by: userId })
        .where('id', '=', invitationId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },

    /**
     * Housekeeping: accepted, revoked and expired invitations whose last mail left the daily cap's
     * window (`countedSince`); a pending one stays.
     */
    async deleteClosedInvitations({
      now,
      countedSince,
    }: {
      now: string;
      countedSince: string;
    }): Promise<number> {
      const result = await db
        .deleteFrom('workspace_invitations')
        .where((eb) =>
          eb.or([
            eb('accepted_at', 'is not', null),
            eb('revoked_at', 'is not', null),
            eb('expires_at', '<=', now),
          ]),
        )
        .where('created_at', '<=', countedSince)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Invitation mails of this inviter since `since` (a re-sent one counts once per sending: its created_at moves). */
    countMailsSince(inviterId: number, since: string): Promise<number> {
      return countOf(
        db
          .selectFrom('workspace_invitations')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('inviter_id', '=', inviterId)
          .where('created_at', '>', since),
      );
    },
  };
}
