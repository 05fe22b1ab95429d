import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/Button.tsx';

/** Slot for the notification bell; the unread badge and dropdown arrive with notifications. */
export function NotificationBell() {
  const { t } = useTranslation();
  return (
    <Link to="/notifications" aria-label={t('nav.notifications')} className={buttonClasses('ghost', 'icon')}>
      <Bell aria-hidden size={20} />
    </Link>
  );
}
