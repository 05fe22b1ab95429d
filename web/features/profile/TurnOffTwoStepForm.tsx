import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { totpDisableRequestSchema } from '../../../shared/api/two-step.ts';
import { Button } from '../../components/ui/Button.tsx';
import { StatusLine } from '../../components/ui/StatusLine.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { showServerFieldErrors, useFieldBinding } from '../../lib/form-errors.ts';
import { disableTotp } from './two-step-api.ts';

/** Turning two-step sign-in off asks for the password and a code (or a recovery code). */
export function TurnOffTwoStepForm({ onTurnedOff }: { onTurnedOff: () => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(totpDisableRequestSchema),
    defaultValues: { password: '', code: '' },
  });
  const field = useFieldBinding(form);

  const submit = form.handleSubmit(async (request) => {
    setError(null);
    try {
      await disableTotp(request);
      onTurnedOff();
    } catch (failure) {
      showServerFieldErrors(failure, form.setError, ['password', 'code']);
      setError(t('twoStep.failed', { message: serverMessageOf(failure) ?? t('common.unexpectedError') }));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex max-w-sm flex-col gap-2">
      <h3 className="font-medium text-slate-900 dark:text-white">{t('twoStep.turnOff')}</h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('twoStep.turnOffLead')}</p>
      <TextField
        label={t('twoStep.password')}
        type="password"
        autoComplete="current-password"
        {...field('password')}
      />
      <TextField
        label={t('twoStep.codeOrRecovery')}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        {...field('code')}
      />
      <Button type="submit" variant="danger" className="self-start" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? t('twoStep.turningOff') : t('twoStep.turnOff')}
      </Button>
      <StatusLine tone="error" message={error} />
    </form>
  );
}
