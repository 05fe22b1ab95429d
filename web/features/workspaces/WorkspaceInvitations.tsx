import { useState, type FormEvent } from 'react';
import { Send, Trash2, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { SectionCard } from '../../components/ui/SectionCard.tsx';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { StatusLine, type StatusMessage } from '../../components/ui/StatusLine.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { ApiError, serverMessageOf } from '../../lib/api-client.ts';
import { translateFieldError } from '../../lib/form-errors.ts';
import { useLocale } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import {
  useInviteToWorkspace,
  useResendWorkspaceInvitation,
  useRevokeWorkspaceInvitation,
  type WorkspaceDetails,
  type WorkspaceInvitation,
} from './workspaces-api.ts';

/** Owner and admins: invite by address with a role; the mail links to /invite?token=…. */
export function InviteToWorkspaceForm({ workspace }: { workspace: WorkspaceDetails }) {
  const { t } = useTranslation();
  const invite = useInviteToWorkspace(workspace.id);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'admin' | 'member'>('member');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [status, setStatus] = useState<StatusMessage | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    if (!email.trim()) {
      setEmailError(t('validation.required'));
      document.getElementById('workspace-invite-email')?.focus();
      return;
    }
    setEmailError(undefined);
    try {
      await invite.mutateAsync({ email: email.trim(), role });
      setStatus({ tone: 'success', message: t('workspaces.invite.sent', { email: email.trim() }) });
      setEmail('');
    } catch (error) {
      if (error instanceof ApiError && error.fields.email)
        setEmailError(translateFieldError(t, error.fields.email));
      setStatus({ tone: 'error', message: serverMessageOf(error) ?? t('workspaces.invite.failed') });
    }
  }

  return (
    <SectionCard
      headingId="workspace-invite-heading"
      title={t('workspaces.invite.title')}
      lead={t('workspaces.invite.lead')}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
        <div className="grid gap-x-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <TextField
            id="workspace-invite-email"
            type="email"
            label={t('workspaces.invite.email')}
            autoComplete="off"
            required
            value={email}
            error={emailError}
            onChange={(event) => setEmail(event.target.value)}
          />
          <SelectField
            id="workspace-invite-role"
            label={t('workspaces.invite.role')}
            value={role}
            onChange={(event) => setRole(event.target.value === 'admin' ? 'admin' : 'member')}
          >
            <option value="member">{t('roles.member')}</option>
            <option value="admin">{t('roles.admin')}</option>
          </SelectField>
        </div>
        <Button type="submit" className="self-start" disabled={invite.isPending}>
          <Send aria-hidden size={16} />
          {t('workspaces.invite.submit')}
        </Button>
        <StatusLine tone={status?.tone ?? 'info'} message={status?.message ?? null} />
      </form>
    </SectionCard>
  );
}

/** Owner and admins: pending invitations with address, role, dates; revoke or send again. */
export function PendingWorkspaceInvitations({ workspace }: { workspace: WorkspaceDetails }) {
  const { t, format } = useLocale();
  const revoke = useRevokeWorkspaceInvitation(workspace.id);
  const resend = useResendWorkspaceInvitation(workspace.id);
  const [revoking, setRevoking] = useState<WorkspaceInvitation | null>(null);
  const invitations = workspace.invitations ?? [];

  const reportFailure = (error: Error) =>
    notify('error', serverMessageOf(error) ?? t('workspaces.invitations.actionFailed'));

  return (
    <SectionCard
      headingId="workspace-invitations-heading"
      title={t('workspaces.invitations.title', { count: invitations.length })}
    >
      {invitations.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('workspaces.invitations.none')}</p>
      ) : (
        <ul
          aria-labelledby="workspace-invitations-heading"
          className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800"
        >
          {invitations.map((invitation) => (
            <li key={invitation.id} data-testid="workspace-invitation" className="flex flex-col gap-2 py-3">
              <p className="font-medium break-all text-slate-900 dark:text-white">{invitation.email}</p>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm text-slate-700 dark:text-slate-300">
                <dt>{t('workspaces.invite.role')}</dt>
                <dd>{t(`roles.${invitation.role}`)}</dd>
                <dt>{t('workspaces.invitations.sent')}</dt>
                <dd>
                  <time dateTime={invitation.created_at}>{format.dateTime(invitation.created_at)}</time>
                </dd>
                <dt>{t('workspaces.invitations.expires')}</dt>
                <dd>
                  <time dateTime={invitation.expires_at}>{format.dateTime(invitation.expires_at)}</time>
                </dd>
              </dl>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t('workspaces.invitations.resendNamed', { email: invitation.email })}
                  disabled={resend.isPending}
                  onClick={() =>
                    resend.mutate(invitation.id, {
                      onSuccess: () =>
                        notify('success', t('workspaces.invitations.resent', { email: invitation.email })),
                      onError: reportFailure,
                    })
                  }
                >
                  <RotateCw aria-hidden size={14} />
                  {t('workspaces.invitations.resend')}
                </Button>
                <Button
                  variant="danger"
                  size="sm"
                  aria-label={t('workspaces.invitations.revokeNamed', { email: invitation.email })}
                  onClick={() => setRevoking(invitation)}
                >
                  <Trash2 aria-hidden size={14} />
                  {t('workspaces.invitations.revoke')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={revoking !== null}
        title={t('workspaces.invitations.revokeTitle', { workspace: workspace.name })}
        message={t('workspaces.invitations.revokeConfirm', {
          email: revoking?.email ?? '',
          workspace: workspace.name,
        })}
        confirmLabel={t('workspaces.invitations.revoke')}
        isBusy={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              notify('success', t('workspaces.invitations.revoked', { email: revoking.email }));
              setRevoking(null);
            },
            onError: reportFailure,
          })
        }
        onCancel={() => setRevoking(null)}
      />
    </SectionCard>
  );
}
