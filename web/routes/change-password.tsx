import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { ChangePasswordForm } from '../features/profile/ChangePasswordForm.tsx';

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('changePassword.title')} lead={t('changePassword.lead')} />
      <ChangePasswordForm />
    </>
  );
}
