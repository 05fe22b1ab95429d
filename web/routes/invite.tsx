import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { InvitationNotice } from '../features/invitations/InvitationNotice.tsx';

export default function InvitePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('invite.title')} />
      <InvitationNotice />
    </>
  );
}
