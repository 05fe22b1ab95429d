import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { ChangeEmailForm } from '../features/email-change/ChangeEmailForm.tsx';
import { ProfileForm } from '../features/profile/ProfileForm.tsx';
import { SignedInSessions } from '../features/sessions/SignedInSessions.tsx';

export default function ProfilePage() {
  const { t } = useTranslation();
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <PageHeader title={t('profile.title')} />
      <ProfileForm />
      <ChangeEmailForm />
      <SignedInSessions />
    </div>
  );
}
