import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import type { StatusMessage } from '../../components/ui/StatusLine.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { PasskeyCeremonyError, signInWithPasskey, type PasskeySession } from '../passkeys/passkeys-api.ts';

interface PasskeySignInProps {
  /** What a password login does with its session: the same for a passkey. */
  onSignedIn: (session: PasskeySession) => Promise<void>;
  /** The login page's one status line tells how it went. */
  onStatus: (status: StatusMessage) => void;
}

/** "Sign in with a passkey" on the login page: no address needed, the device offers its passkeys. */
export function PasskeySignIn({ onSignedIn, onStatus }: PasskeySignInProps) {
  const { t } = useTranslation();
  const [isBusy, setIsBusy] = useState(false);

  function failureText(error: unknown): string {
    if (error instanceof PasskeyCeremonyError) {
      if (error.failure === 'cancelled') return t('login.passkeyCancelled');
      if (error.failure === 'unsupported') return t('login.passkeyUnsupported');
    }
    return serverMessageOf(error) ?? t('login.passkeyFailed');
  }

  async function signIn() {
    setIsBusy(true);
    onStatus({ tone: 'info', message: t('login.passkeyWaiting') });
    try {
      await onSignedIn(await signInWithPasskey());
    } catch (error) {
      onStatus({ tone: 'error', message: failureText(error) });
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Button variant="secondary" size="lg" disabled={isBusy} onClick={() => void signIn()}>
      <KeyRound aria-hidden size={18} />
      {t('login.passkey')}
    </Button>
  );
}
