import { useEffect, useRef } from 'react';
import { Building2, LoaderCircle } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Card } from '../../components/ui/Card.tsx';
import { ErrorNotice } from '../../components/ui/ErrorNotice.tsx';
import { TextLink } from '../../components/ui/TextLink.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useIsLoggedIn } from '../../lib/auth-store.ts';
import { useLocale } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { consumePendingInvite, rememberPendingInvite } from '../auth/pending-invite.ts';
import {
  useAcceptWorkspaceInvitation,
  type WorkspaceInvitationPreview,
} from '../workspaces/workspaces-api.ts';
import { LogInOrRegister } from './LogInOrRegister.tsx';

/**
 * /invite?token=… for a workspace invitation (issue 29): who invites to which workspace in which role.
 * Visitors log in or register with the token kept; signed in, it is accepted and the workspace opens.
 */
export function WorkspaceInvitation({
  token,
  invitation,
}: {
  token: string;
  invitation: WorkspaceInvitationPreview;
}) {
  const { t, format } = useLocale();
  const navigate = useNavigate();
  const isLoggedIn = useIsLoggedIn();
  const accept = useAcceptWorkspaceInvitation();
  const hasStartedAccepting = useRef(false);

  useEffect(() => {
    if (!isLoggedIn) return rememberPendingInvite(token);
    // StrictMode runs effects twice; accepting twice would still give one membership.
    if (hasStartedAccepting.current) return;
    hasStartedAccepting.current = true;
    accept.mutate(token, {
      onSuccess: async (result) => {
        consumePendingInvite();
        notify('success', t('workspaces.invitation.joined', { name: invitation.workspace_name }));
        await navigate(`/workspaces/${result.workspace_id}`, { replace: true });
      },
      onError: () => consumePendingInvite(),
    });
  }, [token, isLoggedIn, accept, navigate, t, invitation.workspace_name]);

  if (accept.isError)
    return (
      <ErrorNotice message={serverMessageOf(accept.error) ?? t('inviteAccept.acceptFailed')}>
        <TextLink to="/dashboard">{t('inviteAccept.toDashboard')}</TextLink>
      </ErrorNotice>
    );

  return (
    <Card className="flex max-w-xl items-start gap-4">
      <Building2 aria-hidden size={28} className="mt-1 shrink-0 text-indigo-600 dark:text-indigo-300" />
      <div className="flex min-w-0 flex-col gap-3">
        <h2 className="text-lg font-semibold break-words text-slate-900 dark:text-white">
          {invitation.workspace_name}
        </h2>
        <p className="text-slate-700 dark:text-slate-300">
          {t('workspaces.invitation.invitedBy', {
            inviter: invitation.inviter,
            name: invitation.workspace_name,
            role: t(`roles.${invitation.role}`),
          })}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('inviteAccept.expires', { date: format.dateTime(invitation.expires_at) })}
        </p>
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
