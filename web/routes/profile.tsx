import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { DeleteAccount } from '../features/profile/DeleteAccount.tsx';
import { DownloadMyData } from '../features/profile/DownloadMyData.tsx';
import { ProfileForm } from '../features/profile/ProfileForm.tsx';

export default function ProfilePage() {
  const { t } = useTranslation();
  return (
    <div className="max-w-3xl">
      <PageHeader title={t('profile.title')} />
      <ProfileForm />
      <div className="mt-6 flex flex-col gap-6">
        <DownloadMyData />
        <DeleteAccount />
      </div>
    </div>
  );
}
