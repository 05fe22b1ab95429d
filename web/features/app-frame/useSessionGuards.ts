import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuthStore } from '../../lib/auth-store.ts';
import { notify } from '../../lib/notify.ts';

/** Sends the user to /login once the server stopped accepting the stored token. */
export function useSessionGuards(): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isSessionExpired = useAuthStore((state) => state.isSessionExpired);
  const acknowledgeExpiredSession = useAuthStore((state) => state.acknowledgeExpiredSession);

  useEffect(() => {
    if (!isSessionExpired) return;
    acknowledgeExpiredSession();
    notify('info', t('session.expired'));
    void navigate('/login', { replace: true });
  }, [isSessionExpired, acknowledgeExpiredSession, navigate, t]);
}
