import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { StatusLine } from '../../components/ui/StatusLine.tsx';
import { useAuthStore } from '../../lib/auth-store.ts';
import { Card } from '../../components/ui/Card.tsx';
import { fetchAndStoreCurrentUser } from '../auth/current-user.ts';
import { verifyEmail } from './email-verification-api.ts';

type Outcome = 'verifying' | 'success' | 'failure';

const TONE_OF = { verifying: 'info', success: 'success', failure: 'error' } as const;

/** Confirms the address with the token from the mailed link and says how it went. */
export function VerifyEmailResult({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const isSignedIn = useAuthStore((state) => state.token !== null);
  const [outcome, setOutcome] = useState<Outcome>(token ? 'verifying' : 'failure');
  // The link is single use: StrictMode's second effect run must not spend it again.
  const sentToken = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentToken.current === token) return;
    sentToken.current = token;
    verifyEmail({ token })
      .then(async () => {
        setOutcome('success');
        // The banner goes away once the stored user knows the address is confirmed.
        if (useAuthStore.getState().token) await fetchAndStoreCurrentUser().catch(() => undefined);
      })
      .catch(() => setOutcome('failure'));
  }, [token]);

  const message = {
    verifying: t('verifyEmail.verifying'),
    success: t('verifyEmail.success'),
    failure: t('verifyEmail.failure'),
  }[outcome];

  return (
    <Card className="mx-auto flex w-full max-w-md flex-col gap-4 p-8">
      <title>{`${t('verifyEmail.title')} · Decision Compass`}</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        {t('verifyEmail.title')}
      </h1>
      <StatusLine tone={TONE_OF[outcome]} message={message} />
      {outcome !== 'verifying' && (
        <ButtonLink to={isSignedIn ? '/dashboard' : '/login'} variant="secondary" className="self-start">
          {isSignedIn ? t('verifyEmail.toDashboard') : t('verifyEmail.toLogin')}
        </ButtonLink>
      )}
    </Card>
  );
}
