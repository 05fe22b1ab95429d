import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { StatusLine } from '../../components/ui/StatusLine.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { ApiError, serverMessageOf } from '../../lib/api-client.ts';
import { translateFieldError } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notify.ts';
import { decisionKeys } from '../decisions/decisions-api.ts';
import { InviteLinkBox } from './InviteLinkBox.tsx';
import { inviteMember, teamKeys } from './team-api.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** E-mail and role (Editor default, or Viewer), Send Invitation, then the link to share. */
export function InviteForm({ decisionId, isDisabled }: { decisionId: number; isDisabled: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'editor' | 'viewer'>('editor');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [invitation, setInvitation] = useState<{ email: string; link: string; isMailHeld: boolean } | null>(
    null,
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isSending) return;
    const address = email.trim();
    setFailure(null);
    if (!EMAIL_PATTERN.test(address)) {
      setEmailError(t('teamInvite.emailInvalid'));
      document.getElementById('invite-email')?.focus();
      return;
    }
    setEmailError(undefined);
    setIsSending(true);
    try {
      const result = await inviteMember({ decision_id: decisionId, email: address, role });
      const token = result.invite_token || result.token;
      // SPEC.md section 9: the link is {origin}/invite?token={token}.
      setInvitation({
        email: address,
        link: `${window.location.origin}/invite?token=${encodeURIComponent(token)}`,
        isMailHeld: result.mail_held,
      });
      setEmail('');
      notify('success', t(result.mail_held ? 'teamInvite.created' : 'teamInvite.sent', { email: address }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.members(decisionId) }),
        queryClient.invalidateQueries({ queryKey: decisionKeys.details(decisionId) }),
      ]);
    } catch (error) {
      if (error instanceof ApiError && error.fields.email) {
        setEmailError(translateFieldError(t, error.fields.email));
      }
      const reason = serverMessageOf(error);
      setFailure(reason ? `${t('teamInvite.failed')}: ${reason}` : t('teamInvite.failed'));
    } finally {
      setIsSending(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
        <div className="grid gap-x-4 sm:grid-cols-[1fr_12rem] [&>*]:min-w-0">
          <TextField
            id="invite-email"
            type="email"
            label={t('teamInvite.email')}
            autoComplete="off"
            value={email}
            maxLength={LIMITS.email.max}
            disabled={isDisabled}
            error={emailError}
            hint={t('teamInvite.emailHint')}
            onChange={(event) => setEmail(event.target.value)}
          />
          <SelectField
            label={t('teamInvite.role')}
            value={role}
            disabled={isDisabled}
            onChange={(event) => setRole(event.target.value === 'viewer' ? 'viewer' : 'editor')}
          >
            <option value="editor">{t('roles.editor')}</option>
            <option value="viewer">{t('roles.viewer')}</option>
          </SelectField>
        </div>
        <Button type="submit" className="self-start" disabled={isDisabled || isSending}>
          <Send aria-hidden size={16} />
          {isSending ? t('teamInvite.sending') : t('teamInvite.send')}
        </Button>
        <StatusLine tone="error" message={failure} />
      </form>
      {invitation?.isMailHeld ? (
        <p
          role="note"
          className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {t('teamInvite.mailHeld', { email: invitation.email })}
        </p>
      ) : null}
      {invitation ? <InviteLinkBox email={invitation.email} link={invitation.link} /> : null}
    </div>
  );
}
