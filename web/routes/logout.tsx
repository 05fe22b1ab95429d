import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../features/auth/useLogout.ts';

export default function LogoutPage() {
  const { t } = useTranslation();
  const logOut = useLogout();
  const hasStarted = useRef(false);

  useEffect(() => {
    // Guards against the double effect run of StrictMode: the token must be revoked once.
    if (hasStarted.current) return;
    hasStarted.current = true;
    void logOut();
  }, [logOut]);

  return (
    <p role="status" className="text-slate-700 dark:text-slate-300">
      {t('logout.inProgress')}
    </p>
  );
}
