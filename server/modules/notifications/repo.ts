import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, NotificationsTable } from '../../db/schema.ts';
import { ROWS_PER_INSERT, slicesOf } from '../../db/statement-slices.ts';

export type NotificationRow = Selectable<NotificationsTable>;

export function createNotificationsRepo(db: Kysely<Database>) {
  return {
    /** One row per recipient: a large team's notice goes in slices (db/statement-slices.ts). */
    async insertMany(rows: Insertable<NotificationsTable>[]): Promise<void> {
      for (const slice of slicesOf(rows, ROWS_PER_INSERT))
        await db.insertInto('notifications').values(slice).execute();
    },

    /** Account deletion (issue 28): the user's own notifications go with the account. */
    async deleteForUser(userId: number, trx: Transaction<Database>): Promise<void> {
      await trx.deleteFrom('notifications').where('user_id', '=', userId).execute();
    },

    async decisionExists(decisionId: number): Promise<boolean> {
      const row = await db
        .selectFrom('decisions')
        .select('id')
        .where('id', '=', decisionId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** With the actor (inviter, accepting member, comment author), named as they are called today. */
    listForUser(userId: number, limit = 100) {
      return db
        .selectFrom('notifications')
        .leftJoin('invitations', 'invitations.id', 'notifications.invitation_id')
        .leftJoin('users as actor', 'actor.id', 'notifications.inviter_id')
        .selectAll('notifications')
        .select([
          'invitations.accepted_at as invitation_accepted_at',
          'invitations.revoked_at as invitation_revoked_at',
          'invitations.expires_at as invitation_expires_at',
          'actor.email as actor_email',
          'actor.nickname as actor_nickname',
          'actor.first_name as actor_first_name',
          'actor.last_name as actor_last_name',
          'actor.deleted_at as actor_deleted_at',
        ])
        .where('notifications.user_id', '=', userId)
        .orderBy('notifications.created_at', 'desc')
        .orderBy('notifications.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Retention (issue 28): every notification created before `createdBefore`. Answers how many. */
    async deleteCreatedBefore(createdBefore: string): Promise<number> {
      const result = await db
        .deleteFrom('notifications')
        .where('created_at', '<', createdBefore)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    findForUser(id: number, userId: number): Promise<NotificationRow | undefined> {
      return db
        .selectFrom('notifications')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async markRead(id: number, userId: number): Promise<void> {
      await db
        .updateTable('notifications')
        .set({ read: 1 })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .execute();
    },

    async markAllRead(userId: number): Promise<void> {
      await db
        .updateTable('notifications')
        .set({ read: 1 })
        .where('user_id', '=', userId)
        .where('read', '=', 0)
        .execute();
    },

    async unreadCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .where('read', '=', 0)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
export type NotificationListRow = Awaited<ReturnType<NotificationsRepo['listForUser']>>[number];
