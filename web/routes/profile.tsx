import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { PasskeysSection } from '../features/passkeys/PasskeysSection.tsx';
import { ProfileForm } from '../features/profile/ProfileForm.tsx';
import { TwoStepSignIn } from '../features/profile/TwoStepSignIn.tsx';

export default function ProfilePage() {
  const { t } = useTranslation();
  return (
    <div className="max-w-3xl">
      <PageHeader title={t('profile.title')} />
      <ProfileForm />
      <TwoStepSignIn />
      <div className="mt-6">
        <PasskeysSection />
      </div>
    </div>
  );
}
