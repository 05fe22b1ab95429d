import { LoginForm } from '../features/auth/LoginForm.tsx';

export default function LoginPage() {
  return <LoginForm />;
}
