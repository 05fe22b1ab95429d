import type { NotificationKind } from '../../db/schema.ts';
import { isoNow } from '../../db/values.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import type { NotificationsRepo } from './repo.ts';

export interface NewNotification {
  kind: NotificationKind;
  /** Message parameters, rendered in each reader's language when listed. */
  params: Record<string, string | number>;
  link: string | null;
  decisionId?: number | undefined;
  invitationId?: number | undefined;
  inviterId?: number | undefined;
}

export function createNotificationsService(deps: { notifications: NotificationsRepo; eventBus: EventBus }) {
  const { notifications, eventBus } = deps;

  async function publishUnreadCount(userId: number): Promise<void> {
    await eventBus.publish([userId], {
      type: 'notification',
      data: { unread: await notifications.unreadCount(userId) },
    });
  }

  return {
    /** Stores one notification per recipient and pushes each their new unread count. */
    async notify(userIds: number[], notification: NewNotification): Promise<void> {
      const recipients = [...new Set(userIds)];
      const now = isoNow();
      const rows = recipients.map((userId) => ({
        user_id: userId,
        kind: notification.kind,
        params: JSON.stringify(notification.params),
        link: notification.link,
        decision_id: notification.decisionId ?? null,
        invitation_id: notification.invitationId ?? null,
        inviter_id: notification.inviterId ?? null,
        read: 0,
        created_at: now,
      }));
      try {
        await notifications.insertMany(rows);
      } catch (error) {
        // The write this reports on has committed; if its decision was deleted meanwhile, there is
        // nothing left to tell, and the caller must not answer 500 for it.
        const { decisionId } = notification;
        if (decisionId !== undefined && !(await notifications.decisionExists(decisionId))) return;
        throw error;
      }
      await Promise.all(recipients.map(publishUnreadCount));
    },

    list(userId: number) {
      return notifications.listForUser(userId);
    },

    find(id: number, userId: number) {
      return notifications.findForUser(id, userId);
    },

    async markRead(id: number, userId: number): Promise<void> {
      await notifications.markRead(id, userId);
      await publishUnreadCount(userId);
    },

    async markAllRead(userId: number): Promise<void> {
      await notifications.markAllRead(userId);
      await publishUnreadCount(userId);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
