import { Check } from 'lucide-react';
import { Link } from 'react-router';
import type { Notification } from '../../../shared/api/team.ts';
import { Button } from '../../components/ui/Button.tsx';
import { useLocale } from '../../lib/format.ts';

interface NotificationItemProps {
  notification: Notification;
  now: number;
  canAccept: boolean;
  isAccepting: boolean;
  onAccept: () => void;
  /** Following the notification's link (marks it read). */
  onOpen: () => void;
}

/** One notification: message (a link when it points somewhere), date, unread dot and Accept. */
export function NotificationItem({
  notification,
  now,
  canAccept,
  isAccepting,
  onAccept,
  onOpen,
}: NotificationItemProps) {
  const { t, format } = useLocale();
  const isUnread = !notification.read;

  return (
    <li
      data-unread={isUnread || undefined}
      className={`flex gap-3 rounded-xl p-3 ${isUnread ? 'bg-indigo-50 dark:bg-indigo-950/40' : ''}`}
    >
      <span
        aria-hidden
        className={`mt-1.5 size-2 shrink-0 rounded-full ${isUnread ? 'bg-indigo-600 dark:bg-indigo-400' : 'bg-transparent'}`}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-sm break-words text-slate-900 dark:text-slate-100">
          {isUnread ? <span className="sr-only">{t('bell.unread')}: </span> : null}
          {/* An open invitation is answered with Accept; its link only works for members. */}
          {notification.link && !canAccept ? (
            <Link
              to={notification.link}
              onClick={onOpen}
              className="rounded hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
            >
              {notification.message}
            </Link>
          ) : (
            notification.message
          )}
        </p>
        <time
          dateTime={notification.created_at}
          title={format.dateTime(notification.created_at)}
          className="text-xs text-slate-600 dark:text-slate-400"
        >
          {format.relative(notification.created_at, now)} · {format.dateTime(notification.created_at)}
        </time>
        {canAccept ? (
          <Button size="sm" className="mt-1 self-start" disabled={isAccepting} onClick={onAccept}>
            <Check aria-hidden size={14} />
            {t('bell.accept')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
