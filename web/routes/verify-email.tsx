import { useSearchParams } from 'react-router';
import { VerifyEmailResult } from '../features/email-verification/VerifyEmailResult.tsx';

export default function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  return <VerifyEmailResult token={searchParams.get('token')} />;
}
