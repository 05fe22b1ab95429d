import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changeEmailRequestSchema } from '../../../shared/api/email-change.ts';
import { Button } from '../../components/ui/Button.tsx';
import { SectionCard } from '../../components/ui/SectionCard.tsx';
import { StatusLine, type StatusMessage } from '../../components/ui/StatusLine.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { useLocale } from '../../lib/format.ts';
import { showServerFieldErrors, useFieldBinding } from '../../lib/form-errors.ts';
import { requestEmailChange } from './email-change-api.ts';

/** New address and current password; the address changes once the link mailed to it is opened. */
export function ChangeEmailForm() {
  const { t } = useLocale();
  const email = useAuthStore((state) => state.user?.email);
  const [result, setResult] = useState<StatusMessage | null>(null);
  const form = useForm({
    resolver: zodResolver(changeEmailRequestSchema),
    defaultValues: { new_email: '', password: '' },
  });
  const field = useFieldBinding(form);

  const submit = form.handleSubmit(async (request) => {
    setResult(null);
    try {
      await requestEmailChange(request);
      form.reset();
      setResult({ tone: 'success', message: t('emailChange.sent', { email: request.new_email }) });
    } catch (error) {
      showServerFieldErrors(error, form.setError, ['new_email', 'password']);
      const message = serverMessageOf(error) ?? t('common.unexpectedError');
      setResult({ tone: 'error', message: t('emailChange.failed', { message }) });
    }
  });

  return (
    <SectionCard headingId="change-email" title={t('emailChange.title')} lead={t('emailChange.lead')}>
      {email ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('emailChange.current', { email })}</p>
      ) : null}
      <form noValidate onSubmit={submit} className="flex max-w-lg flex-col gap-2">
        <TextField
          label={t('emailChange.newEmail')}
          type="email"
          autoComplete="email"
          required
          {...field('new_email')}
        />
        <TextField
          label={t('emailChange.password')}
          type="password"
          autoComplete="current-password"
          required
          {...field('password')}
        />
        <Button type="submit" className="self-start" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('emailChange.sending') : t('emailChange.submit')}
        </Button>
        <StatusLine tone={result?.tone ?? 'info'} message={result?.message ?? null} />
      </form>
    </SectionCard>
  );
}
