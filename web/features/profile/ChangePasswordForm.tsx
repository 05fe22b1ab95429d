import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { changePasswordRequestSchema, passwordRuleIssue } from '../../../shared/api/users.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { StatusLine, type StatusMessage } from '../../components/ui/StatusLine.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { TextLink } from '../../components/ui/TextLink.tsx';
import { ApiError, NetworkError } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { showServerFieldErrors, useFieldBinding } from '../../lib/form-errors.ts';
import { NewPasswordFields } from '../password-reset/NewPasswordFields.tsx';
import { changePassword } from './profile-api.ts';

/**
 * SPEC's payload (oldPassword, newPassword) plus the repeated new password, checked before sending,
 * with the password rules the client can check for the account's address.
 */
function changePasswordFormSchema(email: string | undefined) {
  return changePasswordRequestSchema
    .extend({ confirmNewPassword: z.string() })
    .superRefine(({ newPassword }, ctx) => {
      const issue = passwordRuleIssue(newPassword, email);
      if (issue) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: issue });
    })
    .refine((form) => form.confirmNewPassword === form.newPassword, {
      message: 'changePassword.mismatch',
      path: ['confirmNewPassword'],
    });
}

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [result, setResult] = useState<StatusMessage | null>(null);
  const email = useAuthStore((state) => state.user?.email);
  const passwordChanged = useAuthStore((state) => state.passwordChanged);
  const schema = useMemo(() => changePasswordFormSchema(email), [email]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
  });
  const field = useFieldBinding(form);

  function failureMessage(error: unknown): string {
    if (error instanceof ApiError) return t('changePassword.failed', { message: error.message });
    if (error instanceof NetworkError) return t('changePassword.serverError');
    return t('changePassword.unknownError');
  }

  const submit = form.handleSubmit(async ({ oldPassword, newPassword }) => {
    setResult(null);
    try {
      await changePassword({ oldPassword, newPassword });
      passwordChanged();
      form.reset();
      setResult({ tone: 'success', message: t('changePassword.success') });
    } catch (error) {
      showServerFieldErrors(error, form.setError, ['oldPassword', 'newPassword']);
      setResult({ tone: 'error', message: failureMessage(error) });
    }
  });

  return (
    <Card className="max-w-lg">
      <form noValidate onSubmit={submit} className="flex flex-col gap-2">
        <TextField
          label={t('changePassword.current')}
          type="password"
          autoComplete="current-password"
          required
          {...field('oldPassword')}
        />
        <NewPasswordFields
          passwordLabel={t('changePassword.new')}
          confirmLabel={t('changePassword.confirm')}
          password={field('newPassword')}
          confirm={field('confirmNewPassword')}
        />
        <div className="flex flex-wrap items-center justify-between gap-4">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? t('profile.saving') : t('common.save')}
          </Button>
          <TextLink to="/forgot-password" className="text-sm">
            {t('changePassword.forgotLink')}
          </TextLink>
        </div>
        <StatusLine tone={result?.tone ?? 'info'} message={result?.message ?? null} />
      </form>
    </Card>
  );
}
