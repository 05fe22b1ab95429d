import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { totpConfirmRequestSchema, type TotpEnrolment } from '../../../shared/api/two-step.ts';
import { Button } from '../../components/ui/Button.tsx';
import { StatusLine } from '../../components/ui/StatusLine.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { showServerFieldErrors, useFieldBinding } from '../../lib/form-errors.ts';
import { confirmTotpEnrolment } from './two-step-api.ts';

interface TotpEnrolmentFormProps {
  enrolment: TotpEnrolment;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/** The secret in groups of four, as authenticator apps show typed keys (spaces are ignored there). */
function readableSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** Step 1 scan the QR code (or type the key), step 2 prove it with a code: then two-step sign-in is on. */
export function TotpEnrolmentForm({ enrolment, onConfirmed, onCancel }: TotpEnrolmentFormProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const firstStepRef = useRef<HTMLHeadingElement>(null);
  const form = useForm({ resolver: zodResolver(totpConfirmRequestSchema), defaultValues: { code: '' } });
  const field = useFieldBinding(form);

  // The instructions come first for everyone, screen reader users included.
  useEffect(() => firstStepRef.current?.focus(), []);

  const submit = form.handleSubmit(async ({ code }) => {
    setError(null);
    try {
      onConfirmed((await confirmTotpEnrolment(code)).recovery_codes);
    } catch (failure) {
      showServerFieldErrors(failure, form.setError, ['code']);
      setError(t('twoStep.failed', { message: serverMessageOf(failure) ?? t('common.unexpectedError') }));
    }
  });

  return (
    <div className="flex flex-col gap-4">
      <h3 ref={firstStepRef} tabIndex={-1} className="font-medium text-slate-900 dark:text-white">
        {t('twoStep.scanStep')}
      </h3>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`}
        alt={t('twoStep.qrLabel')}
        width={192}
        height={192}
        className="rounded-lg border border-slate-200 bg-white"
      />
      <div className="flex flex-col gap-1">
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('twoStep.manualEntry')}</p>
        <code
          data-testid="totp-secret"
          className="self-start rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all text-slate-900 dark:bg-slate-800 dark:text-slate-100"
        >
          {readableSecret(enrolment.secret)}
        </code>
      </div>
      <form noValidate onSubmit={submit} className="flex max-w-sm flex-col gap-2">
        <h3 className="font-medium text-slate-900 dark:text-white">{t('twoStep.confirmStep')}</h3>
        <TextField
          label={t('twoStep.appCode')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          {...field('code')}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? t('twoStep.confirming') : t('twoStep.confirm')}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            {t('twoStep.cancel')}
          </Button>
        </div>
        <StatusLine tone="error" message={error} />
      </form>
    </div>
  );
}
