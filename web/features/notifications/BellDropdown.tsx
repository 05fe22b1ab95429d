import type { RefObject } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Dialog, Heading, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { queryClient } from '../../lib/query-client.ts';
import { useNow } from '../../lib/use-now.ts';
import { markNotificationRead, useNotificationsQuery } from './notifications-api.ts';
import { NotificationItem } from './NotificationItem.tsx';
import { useAcceptNotification } from './useAcceptNotification.ts';

interface BellDropdownProps {
  triggerRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}

/** The bell's popover; it lives in the navbar, outside the pages' query provider, so it brings its own. */
export default function BellDropdown({ triggerRef, onClose }: BellDropdownProps) {
  const { t } = useTranslation();
  return (
    <QueryClientProvider client={queryClient}>
      <Popover
        triggerRef={triggerRef}
        isOpen
        onOpenChange={(isOpen) => {
          if (!isOpen) onClose();
        }}
        placement="bottom end"
        className="flex max-h-96 w-[min(24rem,calc(100vw-1rem))] flex-col rounded-xl border border-slate-200 bg-white shadow-lg outline-none dark:border-slate-700 dark:bg-slate-900"
      >
        <Dialog aria-labelledby="bell-heading" className="flex min-h-0 flex-col outline-none">
          <div className="flex shrink-0 items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
            <Heading id="bell-heading" className="text-sm font-semibold text-slate-900 dark:text-white">
              {t('bell.title')}
            </Heading>
            <Link
              to="/notifications"
              onClick={onClose}
              className="rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
            >
              {t('bell.showAll')}
            </Link>
          </div>
          <BellList onClose={onClose} />
        </Dialog>
      </Popover>
    </QueryClientProvider>
  );
}

function BellList({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const notifications = useNotificationsQuery();
  const now = useNow(30_000);
  const accept = useAcceptNotification(onClose);

  function open(id: number, isUnread: boolean) {
    // Following a notification reads it; the live stream then updates the badge.
    if (isUnread) void markNotificationRead(id).catch(() => undefined);
    onClose();
  }

  if (notifications.isPending) {
    return (
      <p role="status" className="px-4 py-6 text-sm text-slate-600 dark:text-slate-400">
        {t('bell.loading')}
      </p>
    );
  }
  if (notifications.isError) {
    return (
      <p role="alert" className="px-4 py-6 text-sm text-red-700 dark:text-red-400">
        {t('notificationsPage.loadFailed')}
      </p>
    );
  }
  if (!notifications.data.length) {
    return <p className="px-4 py-6 text-sm text-slate-600 dark:text-slate-400">{t('bell.empty')}</p>;
  }
  return (
    <ul className="flex min-h-0 flex-col gap-1 overflow-y-auto p-2">
      {notifications.data.map((notification) => (
        <NotificationItem
          key={notification.id}
          notification={notification}
          now={now}
          canAccept={notification.can_accept}
          isAccepting={accept.isPending && accept.variables === notification.id}
          onAccept={() => accept.mutate(notification.id)}
          onOpen={() => open(notification.id, !notification.read)}
        />
      ))}
    </ul>
  );
}
