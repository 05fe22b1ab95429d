import { useEffect } from 'react';
import { BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/Card.tsx';
import { ErrorNotice } from '../../components/ui/ErrorNotice.tsx';
import { LoadingNotice } from '../../components/ui/LoadingNotice.tsx';
import { useNow } from '../../lib/use-now.ts';
import {
  markNotificationRead,
  useMarkAllNotificationsRead,
  useNotificationsQuery,
} from './notifications-api.ts';
import { NotificationItem } from './NotificationItem.tsx';
import { useAcceptNotification } from './useAcceptNotification.ts';

/** All notifications; opening the page marks them read (SPEC.md section 2) and resets the counter. */
export function NotificationsList() {
  const { t } = useTranslation();
  const notifications = useNotificationsQuery();
  const now = useNow(30_000);
  const accept = useAcceptNotification();

  // The invitations that could be accepted when the page opened keep their Accept button after
  // everything is marked read (the server offers Accept only on unread ones).
  const markAllRead = useMarkAllNotificationsRead();
  const acceptableIds = markAllRead.variables;
  const loaded = notifications.data;

  useEffect(() => {
    if (!loaded || !markAllRead.isIdle) return;
    const acceptable = new Set(loaded.filter((item) => item.can_accept).map((item) => item.id));
    markAllRead.mutate(acceptable);
  }, [loaded, markAllRead]);

  if (notifications.isError) return <ErrorNotice message={t('notificationsPage.loadFailed')} />;
  if (!notifications.data) return <LoadingNotice text={t('notificationsPage.loading')} />;
  if (!notifications.data.length) {
    return (
      <Card className="flex max-w-2xl items-center gap-4">
        <BellOff aria-hidden size={24} className="shrink-0 text-slate-500 dark:text-slate-400" />
        <p className="text-slate-700 dark:text-slate-300">{t('bell.empty')}</p>
      </Card>
    );
  }

  return (
    <Card className="max-w-3xl p-3 sm:p-4">
      <ul aria-label={t('notificationsPage.title')} className="flex flex-col gap-1">
        {notifications.data.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            now={now}
            canAccept={notification.can_accept || (acceptableIds?.has(notification.id) ?? false)}
            isAccepting={accept.isPending && accept.variables === notification.id}
            onAccept={() => accept.mutate(notification.id)}
            onOpen={() => {
              if (!notification.read) void markNotificationRead(notification.id).catch(() => undefined);
            }}
          />
        ))}
      </ul>
    </Card>
  );
}
