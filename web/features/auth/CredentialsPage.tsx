import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { StatusLine, type StatusMessage } from '../../components/ui/StatusLine.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { TextLink } from '../../components/ui/TextLink.tsx';
import type { FieldBinding } from '../../lib/form-errors.ts';
import { AuthCard } from './AuthCard.tsx';

/** What differs between the two pages; their texts live under `login.*` and `register.*`. */
const PAGES = {
  login: {
    passwordAutoComplete: 'current-password',
    hasPasswordHint: false,
    switchQuestion: 'login.noAccount',
    switchLink: 'login.registerLink',
    switchTo: '/register',
  },
  register: {
    passwordAutoComplete: 'new-password',
    hasPasswordHint: true,
    switchQuestion: 'register.haveAccount',
    switchLink: 'register.loginLink',
    switchTo: '/login',
  },
} as const;

interface CredentialsPageProps {
  page: keyof typeof PAGES;
  onSubmit: FormEventHandler<HTMLFormElement>;
  field: (name: 'email' | 'password') => FieldBinding;
  isSubmitDisabled: boolean;
  status: StatusMessage | null;
  /** Shown below the status line. */
  children?: ReactNode;
}

/** The email and password page that login and registration share, with a link to the other one. */
export function CredentialsPage({
  page,
  onSubmit,
  field,
  isSubmitDisabled,
  status,
  children,
}: CredentialsPageProps) {
  const { t } = useTranslation();
  const config = PAGES[page];
  const footer = (
    <>
      {t(config.switchQuestion)} <TextLink to={config.switchTo}>{t(config.switchLink)}</TextLink>
    </>
  );
  return (
    <AuthCard title={t(`${page}.title`)} lead={t(`${page}.lead`)} footer={footer}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2">
        <TextField label={t('auth.email')} type="email" autoComplete="email" {...field('email')} />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete={config.passwordAutoComplete}
          hint={config.hasPasswordHint ? t('register.passwordHint', { min: LIMITS.password.min }) : undefined}
          {...field('password')}
        />
        <Button type="submit" size="lg" disabled={isSubmitDisabled}>
          {t(`${page}.submit`)}
        </Button>
        <StatusLine tone={status?.tone ?? 'info'} message={status?.message ?? null} />
        {children}
      </form>
    </AuthCard>
  );
}
