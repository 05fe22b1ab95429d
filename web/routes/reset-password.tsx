import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../features/password-reset/ResetPasswordForm.tsx';

export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  return <ResetPasswordForm token={searchParams.get('token')} />;
}
