import { useEffect, useRef } from 'react';
import { LoaderCircle, MailOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { ErrorNotice } from '../../components/ui/ErrorNotice.tsx';
import { LoadingNotice } from '../../components/ui/LoadingNotice.tsx';
import { TextLink } from '../../components/ui/TextLink.tsx';
import { ApiError, serverMessageOf } from '../../lib/api-client.ts';
import { useIsLoggedIn } from '../../lib/auth-store.ts';
import { useLocale } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { consumePendingInvite, rememberPendingInvite } from '../auth/pending-invite.ts';
import { LogInOrRegister } from './LogInOrRegister.tsx';
import { roleLabel, useAcceptInvitation, useInvitationPreviewQuery } from '../team/team-api.ts';
import { useWorkspaceInvitationPreviewQuery } from '../workspaces/workspaces-api.ts';
import { WorkspaceInvitation } from './WorkspaceInvitation.tsx';

/**
 * /invite?token=…: loading, then error or ready (SPEC.md section 4). Visitors see the invitation and
 * log in or register with the token kept; signed-in users accept it at once and go to the decision.
 */
export function InvitationAcceptance({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isLoggedIn = useIsLoggedIn();
  const hasStartedAccepting = useRef(false);
  const preview = useInvitationPreviewQuery(token);
  const accept = useAcceptInvitation();
  // Accepted before: the member who accepted it is sent to the decision (the server checks who).
  const isAcceptedBefore = errorCodeOf(preview.error) === 'INVITATION_ALREADY_ACCEPTED';
  const isReady = preview.data !== undefined || (isAcceptedBefore && isLoggedIn);
  // Issue 29: a token no decision knows may be a workspace's invitation.
  const isNoDecisionInvitation =
    preview.error instanceof ApiError && preview.error.status === 404 && !isClosedInvitation(preview.error);
  const workspacePreview = useWorkspaceInvitationPreviewQuery(token, isNoDecisionInvitation);

  useEffect(() => {
    if (!token || !isReady) return;
    // A visitor without a session keeps the token until after login or registration.
    if (!isLoggedIn) return rememberPendingInvite(token);
    // Signed in: accept once (StrictMode runs effects twice; a token is single use).
    if (hasStartedAccepting.current) return;
    hasStartedAccepting.current = true;
    accept.mutate(token, {
      onSuccess: async (result) => {
        consumePendingInvite();
        notify('success', result.message);
        await navigate(`/decision/${result.decision_id}`, { replace: true });
      },
      onError: () => consumePendingInvite(),
    });
  }, [token, isReady, isLoggedIn, accept, navigate]);

  if (token && isNoDecisionInvitation) {
    if (workspacePreview.data)
      return <WorkspaceInvitation token={token} invitation={workspacePreview.data} />;
    if (workspacePreview.isPending) return <LoadingNotice text={t('inviteAccept.loading')} />;
  }

  const failure = isReady && accept.error ? accept.error : (preview.error ?? accept.error);
  if (token && isReady && !accept.error && !preview.data)
    return <LoadingNotice text={t('inviteAccept.accepting')} />;
  if (token && isClosedInvitation(failure)) return <ClosedInvitation error={failure} token={token} />;
  if (!token || failure) {
    return (
      <ErrorNotice
        message={
          serverMessageOf(failure) ??
          (accept.isError ? t('inviteAccept.acceptFailed') : t('inviteAccept.invalid'))
        }
      >
        <TextLink to={isLoggedIn ? '/dashboard' : '/'}>
          {isLoggedIn ? t('inviteAccept.toDashboard') : t('inviteAccept.toHome')}
        </TextLink>
      </ErrorNotice>
    );
  }
  if (!preview.data) return <LoadingNotice text={t('inviteAccept.loading')} />;

  const invitation = preview.data;
  return (
    <Card className="flex max-w-xl items-start gap-4">
      <MailOpen aria-hidden size={28} className="mt-1 shrink-0 text-indigo-600 dark:text-indigo-300" />
      <div className="flex min-w-0 flex-col gap-3">
        <h2 className="text-lg font-semibold break-words text-slate-900 dark:text-white">
          {invitation.decision_name}
        </h2>
        <p className="text-slate-700 dark:text-slate-300">
          {t('inviteAccept.invitedBy', { inviter: invitation.inviter, role: roleLabel(t, invitation.role) })}
        </p>
        <InvitationExpiry expiresAt={invitation.expires_at} />
        {isLoggedIn ? (
          <p role="status" className="flex items-center gap-2 font-medium text-slate-800 dark:text-slate-200">
            <LoaderCircle aria-hidden size={18} className="animate-spin" />
            {t('inviteAccept.accepting')}
          </p>
        ) : (
          <LogInOrRegister token={token} texts="inviteAccept" />
        )}
      </div>
    </Card>
  );
}

const errorCodeOf = (error: unknown) => (error instanceof ApiError ? error.code : null);

function isClosedInvitation(error: unknown): error is ApiError {
  const code = errorCodeOf(error);
  return code === 'INVITATION_ALREADY_ACCEPTED' || code === 'INVITATION_REVOKED';
}

/**
 * A used or withdrawn link says what to do next: log in to open the decision (the token goes along,
 * so the member who accepted it lands on the decision), or ask the inviter for a new invitation.
 */
function ClosedInvitation({ error, token }: { error: ApiError; token: string }) {
  const { t } = useTranslation();
  const isLoggedIn = useIsLoggedIn();
  const canLogIn = error.code === 'INVITATION_ALREADY_ACCEPTED' && !isLoggedIn;
  return (
    <Card className="flex max-w-xl flex-col items-start gap-4">
      <p role="status" className="font-medium text-slate-800 dark:text-slate-200">
        {error.message}
      </p>
      {canLogIn ? (
        <ButtonLink to={`/login?token=${encodeURIComponent(token)}`}>{t('inviteAccept.logIn')}</ButtonLink>
      ) : (
        <TextLink to={isLoggedIn ? '/dashboard' : '/'}>
          {isLoggedIn ? t('inviteAccept.toDashboard') : t('inviteAccept.toHome')}
        </TextLink>
      )}
    </Card>
  );
}

function InvitationExpiry({ expiresAt }: { expiresAt: string }) {
  const { t, format } = useLocale();
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400">
      {t('inviteAccept.expires', { date: format.dateTime(expiresAt) })}
    </p>
  );
}
