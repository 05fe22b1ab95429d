import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { forgotPasswordRequestSchema } from '../../../shared/api/password-reset.ts';
import { Button } from '../../components/ui/Button.tsx';
import { StatusLine, type StatusMessage } from '../../components/ui/StatusLine.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { TextLink } from '../../components/ui/TextLink.tsx';
import { showServerFieldErrors, useFieldBinding } from '../../lib/form-errors.ts';
import { AuthCard } from '../auth/AuthCard.tsx';
import { requestPasswordReset } from './password-reset-api.ts';

/** The answer is the same whether or not an account exists, so the page never reveals accounts. */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<StatusMessage | null>(null);
  const form = useForm({ resolver: zodResolver(forgotPasswordRequestSchema), defaultValues: { email: '' } });
  const field = useFieldBinding(form);

  const submit = form.handleSubmit(async (request) => {
    setStatus({ tone: 'info', message: t('forgotPassword.sending') });
    try {
      await requestPasswordReset(request);
      setStatus({ tone: 'success', message: t('forgotPassword.sent') });
    } catch (error) {
      showServerFieldErrors(error, form.setError, ['email']);
      setStatus({
        tone: 'error',
        message: t('forgotPassword.failed', { message: error instanceof Error ? error.message : '' }),
      });
    }
  });

  return (
    <AuthCard
      title={t('forgotPassword.title')}
      lead={t('forgotPassword.lead')}
      footer={<TextLink to="/login">{t('forgotPassword.backToLogin')}</TextLink>}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-2">
        <TextField label={t('auth.email')} type="email" autoComplete="email" required {...field('email')} />
        <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
          {t('forgotPassword.submit')}
        </Button>
        <StatusLine tone={status?.tone ?? 'info'} message={status?.message ?? null} />
      </form>
    </AuthCard>
  );
}
