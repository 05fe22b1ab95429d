import { HeaderedPage } from '../components/ui/PageHeader.tsx';
import { NotificationsList } from '../features/notifications/NotificationsList.tsx';

export default function NotificationsPage() {
  return (
    <HeaderedPage titleKey="notificationsPage.title" leadKey="notificationsPage.lead">
      <NotificationsList />
    </HeaderedPage>
  );
}
