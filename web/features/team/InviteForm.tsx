import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import type { z } from 'zod';
import { inviteRequestSchema } from '../../../shared/api/team.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { StatusLine } from '../../components/ui/StatusLine.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { ApiError, serverMessageOf } from '../../lib/api-client.ts';
import { useLocale } from '../../lib/format.ts';
import { showServerFieldErrors, translateFieldError } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notify.ts';
import { InviteLinkBox } from './InviteLinkBox.tsx';
import { useInviteMember } from './team-api.ts';

// The server's own rules for the two fields; the decision comes from the page.
const inviteFormSchema = inviteRequestSchema.pick({ email: true, role: true });

type InviteFormValues = z.input<typeof inviteFormSchema>;

/** E-mail and role (Editor default, or Viewer), Send Invitation, then the link to share. */
export function InviteForm({ decisionId, isDisabled }: { decisionId: number; isDisabled: boolean }) {
  const { t, format } = useLocale();
  const invite = useInviteMember(decisionId);
  const [failure, setFailure] = useState<string | null>(null);
  const [invitation, setInvitation] = useState<{ email: string; link: string; isMailHeld: boolean } | null>(
    null,
  );
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors },
  } = useForm<InviteFormValues>({
    // raw: the address is sent (and shown) as typed, trimmed; the server normalises it itself.
    resolver: zodResolver(inviteFormSchema, undefined, { raw: true }),
    defaultValues: { email: '', role: 'editor' },
  });
  // Any address the schema refuses gets the one message SPEC.md gives; the server's own text otherwise.
  const emailError =
    errors.email?.type === 'server'
      ? translateFieldError(t, errors.email.message)
      : errors.email
        ? t('teamInvite.emailInvalid')
        : undefined;

  /** Sent again within the hour: when the next mail is possible, in the reader's own time zone. */
  function failureMessage(error: unknown, address: string): string {
    const nextMailAt = error instanceof ApiError ? error.extra.next_mail_at : undefined;
    if (
      error instanceof ApiError &&
      error.code === 'INVITATION_MAIL_TOO_SOON' &&
      typeof nextMailAt === 'string'
    ) {
      return t('teamInvite.mailTooSoon', { email: address, time: format.dateTime(nextMailAt) });
    }
    const reason = serverMessageOf(error);
    return reason ? `${t('teamInvite.failed')}: ${reason}` : t('teamInvite.failed');
  }

  const submit = handleSubmit(async ({ email, role }) => {
    const address = email.trim();
    setFailure(null);
    try {
      const result = await invite.mutateAsync({ email: address, role });
      const token = result.invite_token || result.token;
      // SPEC.md section 9: the link is {origin}/invite?token={token}.
      setInvitation({
        email: address,
        link: `${window.location.origin}/invite?token=${encodeURIComponent(token)}`,
        isMailHeld: result.mail_held,
      });
      resetField('email');
      notify('success', t(result.mail_held ? 'teamInvite.created' : 'teamInvite.sent', { email: address }));
    } catch (error) {
      showServerFieldErrors(error, setError, ['email']);
      setFailure(failureMessage(error, address));
    }
  });

  return (
    <div className="flex flex-col gap-4">
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
        <div className="grid gap-x-4 sm:grid-cols-[1fr_12rem] [&>*]:min-w-0">
          <TextField
            id="invite-email"
            type="email"
            label={t('teamInvite.email')}
            autoComplete="off"
            maxLength={LIMITS.email.max}
            disabled={isDisabled}
            error={emailError}
            hint={t('teamInvite.emailHint')}
            {...register('email')}
          />
          <SelectField label={t('teamInvite.role')} disabled={isDisabled} {...register('role')}>
            <option value="editor">{t('roles.editor')}</option>
            <option value="viewer">{t('roles.viewer')}</option>
          </SelectField>
        </div>
        <Button type="submit" className="self-start" disabled={isDisabled || invite.isPending}>
          <Send aria-hidden size={16} />
          {invite.isPending ? t('teamInvite.sending') : t('teamInvite.send')}
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
