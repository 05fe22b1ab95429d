import { ForgotPasswordForm } from '../features/password-reset/ForgotPasswordForm.tsx';

export default function ForgotPasswordPage() {
  return <ForgotPasswordForm />;
}
