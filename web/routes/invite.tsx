import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { InvitationAcceptance } from '../features/invitations/InvitationAcceptance.tsx';

export default function InvitePage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  return (
    <>
      <PageHeader title={t('inviteAccept.title')} />
      <InvitationAcceptance token={searchParams.get('token')} />
    </>
  );
}
