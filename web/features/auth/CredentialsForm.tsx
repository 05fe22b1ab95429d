import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { StatusLine, type StatusMessage } from '../../components/ui/StatusLine.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import type { FieldBinding } from '../../lib/form-errors.ts';

interface CredentialsFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  field: (name: 'email' | 'password') => FieldBinding;
  passwordAutoComplete: 'current-password' | 'new-password';
  passwordHint?: string;
  submitLabel: string;
  isSubmitDisabled: boolean;
  status: StatusMessage | null;
  /** Shown below the status line. */
  children?: ReactNode;
}

/** The email and password form that login and registration share. */
export function CredentialsForm({
  onSubmit,
  field,
  passwordAutoComplete,
  passwordHint,
  submitLabel,
  isSubmitDisabled,
  status,
  children,
}: CredentialsFormProps) {
  const { t } = useTranslation();
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2">
      <TextField label={t('auth.email')} type="email" autoComplete="email" {...field('email')} />
      <TextField
        label={t('auth.password')}
        type="password"
        autoComplete={passwordAutoComplete}
        hint={passwordHint}
        {...field('password')}
      />
      <Button type="submit" size="lg" disabled={isSubmitDisabled}>
        {submitLabel}
      </Button>
      <StatusLine tone={status?.tone ?? 'info'} message={status?.message ?? null} />
      {children}
    </form>
  );
}
