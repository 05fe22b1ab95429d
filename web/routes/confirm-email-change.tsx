import { useSearchParams } from 'react-router';
import { ConfirmEmailChangeResult } from '../features/email-change/ConfirmEmailChangeResult.tsx';

/** The page the link mailed to a new address opens (signed in or not). */
export default function ConfirmEmailChangePage() {
  const [searchParams] = useSearchParams();
  return <ConfirmEmailChangeResult token={searchParams.get('token')} />;
}
