import { Monitor } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { SignedInSession } from '../../../shared/api/sessions.ts';
import { Button } from '../../components/ui/Button.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { LoadingNotice } from '../../components/ui/LoadingNotice.tsx';
import { SectionCard } from '../../components/ui/SectionCard.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { useLocale } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useNow } from '../../lib/use-now.ts';
import { deviceNameOf } from './device-name.ts';
import { useEndOtherSessions, useEndSession, useSignedInSessionsQuery } from './sessions-api.ts';

const MINUTE_MS = 60_000;

/** "Where you're signed in": the account's sessions, each with "Sign out", and "Sign out everywhere else". */
export function SignedInSessions() {
  const { t } = useLocale();
  const sessions = useSignedInSessionsQuery();
  const endOthers = useEndOtherSessions();
  const hasOthers = (sessions.data ?? []).some((session) => !session.current);

  async function signOutOthers() {
    try {
      await endOthers.mutateAsync();
      notify('success', t('signedInSessions.othersSignedOut'));
    } catch (error) {
      notify(
        'error',
        t('signedInSessions.failed', { message: serverMessageOf(error) ?? t('common.unexpectedError') }),
      );
    }
  }

  return (
    <SectionCard
      headingId="signed-in-sessions"
      title={t('signedInSessions.title')}
      lead={t('signedInSessions.lead')}
    >
      {sessions.isPending ? (
        <LoadingNotice text={t('signedInSessions.loading')} />
      ) : sessions.isError ? (
        <InlineAlert>{t('signedInSessions.loadFailed')}</InlineAlert>
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
          {hasOthers ? (
            <Button
              variant="danger"
              className="self-start"
              disabled={endOthers.isPending}
              onClick={() => void signOutOthers()}
            >
              {t('signedInSessions.signOutOthers')}
            </Button>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {t('signedInSessions.onlyThisDevice')}
            </p>
          )}
        </>
      )}
    </SectionCard>
  );
}

function SessionRow({ session }: { session: SignedInSession }) {
  const { t, format } = useLocale();
  const now = useNow(MINUTE_MS);
  const navigate = useNavigate();
  const endSession = useEndSession();
  const device = deviceNameOf(session.user_agent);
  const deviceText = device
    ? t('signedInSessions.deviceOn', { ...device })
    : t('signedInSessions.unknownDevice');

  async function signOut() {
    try {
      await endSession.mutateAsync(session.id);
      if (session.current) {
        // This browser's own session is gone: forget it here too.
        useAuthStore.getState().signOut();
        await navigate('/login', { replace: true });
        return;
      }
      notify('success', t('signedInSessions.signedOut'));
    } catch (error) {
      notify(
        'error',
        t('signedInSessions.failed', { message: serverMessageOf(error) ?? t('common.unexpectedError') }),
      );
    }
  }

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 items-start gap-3">
        <Monitor aria-hidden className="mt-0.5 shrink-0 text-slate-500 dark:text-slate-400" size={20} />
        <div className="min-w-0">
          <p className="font-medium text-slate-900 dark:text-white">
            {deviceText}
            {session.current ? (
              <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
                {t('signedInSessions.thisDevice')}
              </span>
            ) : null}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('signedInSessions.lastActive', { date: format.relative(session.last_used_at, now) })}
            {' · '}
            {t('signedInSessions.started', { date: format.dateTime(session.created_at) })}
            {session.ip_hint ? ` · ${t('signedInSessions.place', { ipHint: session.ip_hint })}` : null}
          </p>
        </div>
      </div>
      <Button
        variant="secondary"
        size="sm"
        disabled={endSession.isPending}
        aria-label={session.current ? undefined : t('signedInSessions.signOutNamed', { device: deviceText })}
        onClick={() => void signOut()}
      >
        {session.current ? t('signedInSessions.signOutThis') : t('signedInSessions.signOut')}
      </Button>
    </li>
  );
}
