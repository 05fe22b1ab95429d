import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { totpConfirmRequestSchema } from '../../../shared/api/two-step.ts';
import { Button } from '../../components/ui/Button.tsx';
import { StatusLine, type StatusMessage } from '../../components/ui/StatusLine.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { ApiError, serverMessageOf } from '../../lib/api-client.ts';
import { useFieldBinding } from '../../lib/form-errors.ts';
import { loginWithSecondFactor, type SessionResponse } from './auth-api.ts';
import { AuthCard } from './AuthCard.tsx';

interface SecondFactorStepProps {
  /** From the password step; it only completes this sign-in. */
  mfaToken: string;
  onSignedIn: (session: SessionResponse) => Promise<void>;
  /** Back to the password step: by choice (no message) or because this step ended (the server's message). */
  onRestart: (message: string | null) => void;
}

/**
 * The login's second step for an account with two-step sign-in: the 6-digit code from the authenticator
 * app, or (toggled) a recovery code. The code field has the focus whenever it appears.
 */
export function SecondFactorStep({ mfaToken, onSignedIn, onRestart }: SecondFactorStepProps) {
  const { t } = useTranslation();
  const [isRecoveryCode, setIsRecoveryCode] = useState(false);
  const [status, setStatus] = useState<StatusMessage | null>(null);
  const form = useForm({ resolver: zodResolver(totpConfirmRequestSchema), defaultValues: { code: '' } });
  const field = useFieldBinding(form);
  const { setFocus } = form;

  useEffect(() => setFocus('code'), [isRecoveryCode, setFocus]);

  const submit = form.handleSubmit(async ({ code }) => {
    setStatus({ tone: 'info', message: t('twoStep.verifying') });
    try {
      await onSignedIn(await loginWithSecondFactor({ mfa_token: mfaToken, code }));
    } catch (error) {
      // Expired, or spent by too many wrong codes: only the password step can start a new one.
      if (error instanceof ApiError && error.code === 'MFA_TOKEN_INVALID') {
        onRestart(error.message);
        return;
      }
      setStatus({ tone: 'error', message: serverMessageOf(error) ?? t('login.status.failed') });
      form.setValue('code', '');
      setFocus('code');
    }
  });

  function switchCodeKind() {
    setIsRecoveryCode((current) => !current);
    form.reset({ code: '' });
    setStatus(null);
  }

  const footer = (
    <Button variant="ghost" size="sm" onClick={() => onRestart(null)}>
      {t('twoStep.backToLogin')}
    </Button>
  );
  return (
    <AuthCard
      title={t('twoStep.loginTitle')}
      lead={isRecoveryCode ? t('twoStep.loginRecoveryLead') : t('twoStep.loginLead')}
      footer={footer}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-2">
        {isRecoveryCode ? (
          <TextField
            key="recovery-code"
            label={t('twoStep.loginRecoveryCode')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            {...field('code')}
          />
        ) : (
          <TextField
            key="app-code"
            label={t('twoStep.loginCode')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            {...field('code')}
          />
        )}
        <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
          {t('twoStep.submit')}
        </Button>
        <StatusLine tone={status?.tone ?? 'info'} message={status?.message ?? null} />
        <Button variant="secondary" size="sm" className="self-start" onClick={switchCodeKind}>
          {isRecoveryCode ? t('twoStep.useAppCode') : t('twoStep.useRecoveryCode')}
        </Button>
      </form>
    </AuthCard>
  );
}
