import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { CalendarFeedSection } from '../features/calendar/CalendarFeedSection.tsx';
import { ApiTokensSection } from '../features/api-tokens/ApiTokensSection.tsx';
import { ChangeEmailForm } from '../features/email-change/ChangeEmailForm.tsx';
import { PasskeysSection } from '../features/passkeys/PasskeysSection.tsx';
import { DeleteAccount } from '../features/profile/DeleteAccount.tsx';
import { DownloadMyData } from '../features/profile/DownloadMyData.tsx';
import { ProfileForm } from '../features/profile/ProfileForm.tsx';
import { TwoStepSignIn } from '../features/profile/TwoStepSignIn.tsx';
import { SignedInSessions } from '../features/sessions/SignedInSessions.tsx';

export default function ProfilePage() {
  const { t } = useTranslation();
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <PageHeader title={t('profile.title')} />
      <ProfileForm />
      <ChangeEmailForm />
      <TwoStepSignIn />
      <div className="mt-6">
        <PasskeysSection />
      </div>
      <SignedInSessions />
      <CalendarFeedSection />
      <ApiTokensSection />
      <div className="mt-6 flex flex-col gap-6">
        <DownloadMyData />
        <DeleteAccount />
      </div>
    </div>
  );
}
