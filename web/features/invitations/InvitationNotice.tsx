import { useEffect } from 'react';
import { MailOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { useIsLoggedIn } from '../../lib/auth-store.ts';
import { LogInOrRegister } from './LogInOrRegister.tsx';
import { rememberPendingInvite } from '../auth/pending-invite.ts';

/** Invitation page until team decisions exist: keeps the token and explains what comes next. */
export function InvitationNotice() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const isLoggedIn = useIsLoggedIn();
  const token = searchParams.get('token');

  useEffect(() => {
    // SPEC.md: a visitor without an account keeps the token until after login or registration.
    if (token && !isLoggedIn) rememberPendingInvite(token);
  }, [token, isLoggedIn]);

  if (!token) {
    return (
      <Card role="alert" className="max-w-xl text-red-700 dark:text-red-400">
        {t('invite.invalid')}
      </Card>
    );
  }

  return (
    <Card className="max-w-xl">
      <div className="flex items-start gap-4">
        <MailOpen aria-hidden size={28} className="mt-1 shrink-0 text-indigo-600 dark:text-indigo-300" />
        <div className="flex flex-col gap-3">
          <p className="font-medium text-slate-900 dark:text-white">
            {t('invite.received', { role: t('invite.defaultRole') })}
          </p>
          <p className="text-slate-700 dark:text-slate-300">{t('invite.comingSoon')}</p>
          {isLoggedIn ? (
            <ButtonLink to="/dashboard" className="self-start">
              {t('nav.dashboard')}
            </ButtonLink>
          ) : (
            <LogInOrRegister token={token} texts="invite" />
          )}
        </div>
      </div>
    </Card>
  );
}
