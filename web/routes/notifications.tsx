import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { NotificationsList } from '../features/notifications/NotificationsList.tsx';

export default function NotificationsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('notificationsPage.title')} lead={t('notificationsPage.lead')} />
      <NotificationsList />
    </>
  );
}
