import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { StatusLine } from '../../components/ui/StatusLine.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { fetchAndStoreCurrentUser } from '../auth/current-user.ts';
import { confirmEmailChange } from './email-change-api.ts';

type Outcome = { state: 'confirming' } | { state: 'success' } | { state: 'failure'; message: string };

const TONE_OF = { confirming: 'info', success: 'success', failure: 'error' } as const;

/** Applies the change of address with the token from the mailed link, signed in or not, and says how it went. */
export function ConfirmEmailChangeResult({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const isSignedIn = useAuthStore((state) => state.token !== null);
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { state: 'confirming' } : { state: 'failure', message: t('confirmEmailChange.failure') },
  );
  // The link is single use: StrictMode's second effect run must not spend it again.
  const sentToken = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentToken.current === token) return;
    sentToken.current = token;
    confirmEmailChange({ token })
      .then(async () => {
        setOutcome({ state: 'success' });
        // The profile shows the new address once the stored user knows it.
        if (useAuthStore.getState().token) await fetchAndStoreCurrentUser().catch(() => undefined);
      })
      // A taken address has its own message from the server; unknown and used links share one.
      .catch((error: unknown) =>
        setOutcome({ state: 'failure', message: serverMessageOf(error) ?? t('confirmEmailChange.failure') }),
      );
  }, [token, t]);

  const message =
    outcome.state === 'failure'
      ? outcome.message
      : t(outcome.state === 'success' ? 'confirmEmailChange.success' : 'confirmEmailChange.confirming');

  return (
    <Card className="mx-auto flex w-full max-w-md flex-col gap-4 p-8">
      <title>{`${t('confirmEmailChange.title')} · Decision Compass`}</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        {t('confirmEmailChange.title')}
      </h1>
      <StatusLine tone={TONE_OF[outcome.state]} message={message} />
      {outcome.state !== 'confirming' && (
        <ButtonLink to={isSignedIn ? '/profile' : '/login'} variant="secondary" className="self-start">
          {isSignedIn ? t('confirmEmailChange.toProfile') : t('confirmEmailChange.toLogin')}
        </ButtonLink>
      )}
    </Card>
  );
}
