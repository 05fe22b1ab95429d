import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { resendVerificationMail } from './email-verification-api.ts';

/** Asks a signed-in user with an unconfirmed address to confirm it; "Send again" mails a new link. */
export default function VerifyEmailBanner() {
  const { t } = useTranslation();
  const email = useAuthStore((state) => state.user?.email ?? '');
  const [isSending, setIsSending] = useState(false);
  const [status, setStatus] = useState<{ isError: boolean; message: string } | null>(null);

  async function sendAgain() {
    setIsSending(true);
    try {
      await resendVerificationMail();
      setStatus({ isError: false, message: t('verifyBanner.sent') });
    } catch (error) {
      setStatus({ isError: true, message: serverMessageOf(error) ?? t('verifyBanner.failed') });
    } finally {
      setIsSending(false);
    }
  }

  return (
    <section
      aria-label={t('verifyEmail.title')}
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <div>
        <p>{t('verifyBanner.message', { email })}</p>
        <p
          role="status"
          aria-live="polite"
          className={status?.isError ? 'font-medium text-red-800 dark:text-red-300' : 'font-medium'}
        >
          {status?.message}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="shrink-0"
        onClick={() => void sendAgain()}
        disabled={isSending}
      >
        {isSending ? t('verifyBanner.sending') : t('verifyBanner.resend')}
      </Button>
    </section>
  );
}
