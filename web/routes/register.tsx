import { RegisterForm } from '../features/auth/RegisterForm.tsx';

export default function RegisterPage() {
  return <RegisterForm />;
}
