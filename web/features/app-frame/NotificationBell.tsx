import { lazy, Suspense } from 'react';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/Button.tsx';

// Badge, dropdown and the live event stream are a separate chunk: the landing page never loads them.
const LiveBell = lazy(() => import('../notifications/LiveBell.tsx'));

/** Navbar bell for signed-in users; until its chunk arrives it is a plain link to /notifications. */
export function NotificationBell() {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Link to="/notifications" aria-label={t('bell.label')} className={buttonClasses('ghost', 'icon')}>
          <Bell aria-hidden size={20} />
        </Link>
      }
    >
      <LiveBell />
    </Suspense>
  );
}
