import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { passwordRuleIssue, passwordSchema } from '../../../shared/api/users.ts';
import { Button, ButtonLink } from '../../components/ui/Button.tsx';
import { LoadingNotice } from '../../components/ui/LoadingNotice.tsx';
import { StatusLine, type StatusMessage } from '../../components/ui/StatusLine.tsx';
import { TextLink } from '../../components/ui/TextLink.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { showServerFieldErrors, useFieldBinding } from '../../lib/form-errors.ts';
import { AuthCard } from '../auth/AuthCard.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { resetPassword, validateResetToken } from './password-reset-api.ts';

// The address is not known here: the server checks that rule (and the common list) on saving.
const resetFormSchema = z
  .object({ password: passwordSchema, confirm: z.string() })
  .superRefine(({ password }, ctx) => {
    const issue = passwordRuleIssue(password);
    if (issue) ctx.addIssue({ code: 'custom', path: ['password'], message: issue });
  })
  .refine((form) => form.password === form.confirm, {
    path: ['confirm'],
    message: 'resetPassword.mismatch',
  });

function InvalidLink() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <p role="alert" className="text-red-700 dark:text-red-400">
        {t('resetPassword.invalid')}
      </p>
      <ButtonLink to="/forgot-password" variant="secondary" className="self-start">
        {t('resetPassword.requestNew')}
      </ButtonLink>
    </div>
  );
}

/** Checks the link first, then asks for the new password twice; success goes to login with a notice. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [status, setStatus] = useState<StatusMessage | null>(null);
  const [isLinkUsedUp, setIsLinkUsedUp] = useState(false);
  const validation = useQuery({
    queryKey: ['reset-password-token', token],
    queryFn: () => validateResetToken(token ?? ''),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
  const form = useForm({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const field = useFieldBinding(form);

  const submit = form.handleSubmit(async ({ password }) => {
    setStatus({ tone: 'info', message: t('resetPassword.saving') });
    try {
      await resetPassword({ token: token ?? '', password });
      // Every session of the account has ended, this browser's included.
      useAuthStore.getState().signOut();
      await navigate('/login?passwordReset=1', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_RESET_LINK') {
        setIsLinkUsedUp(true);
        return;
      }
      showServerFieldErrors(error, form.setError, ['password']);
      setStatus({
        tone: 'error',
        message: t('resetPassword.failed', { message: error instanceof Error ? error.message : '' }),
      });
    }
  });

  let content;
  if (!token || validation.isError || isLinkUsedUp) content = <InvalidLink />;
  else if (validation.isPending) content = <LoadingNotice text={t('resetPassword.checking')} />;
  else
    content = (
      <form noValidate onSubmit={submit} className="flex flex-col gap-2">
        <NewPasswordFields
          passwordLabel={t('resetPassword.password')}
          confirmLabel={t('resetPassword.confirm')}
          password={field('password')}
          confirm={field('confirm')}
        />
        <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
          {t('resetPassword.submit')}
        </Button>
        <StatusLine tone={status?.tone ?? 'info'} message={status?.message ?? null} />
      </form>
    );

  return (
    <AuthCard
      title={t('resetPassword.title')}
      lead={t('resetPassword.lead')}
      footer={<TextLink to="/login">{t('forgotPassword.backToLogin')}</TextLink>}
    >
      {content}
    </AuthCard>
  );
}
