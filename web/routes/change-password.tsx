import { HeaderedPage } from '../components/ui/PageHeader.tsx';
import { ChangePasswordForm } from '../features/profile/ChangePasswordForm.tsx';

export default function ChangePasswordPage() {
  return (
    <HeaderedPage titleKey="changePassword.title" leadKey="changePassword.lead">
      <ChangePasswordForm />
    </HeaderedPage>
  );
}
