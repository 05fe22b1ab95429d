import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../components/ComingSoonPage.tsx';

export default function TeamInvitePage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('pages.teamInvite')} />;
}
