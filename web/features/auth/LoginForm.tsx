import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { loginRequestSchema } from '../../../shared/api/users.ts';
import type { StatusMessage } from '../../components/ui/StatusLine.tsx';
import { TextLink } from '../../components/ui/TextLink.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { useFieldBinding } from '../../lib/form-errors.ts';
import { login, type SessionResponse } from './auth-api.ts';
import { CredentialsPage } from './CredentialsPage.tsx';
import { PasskeySignIn } from './PasskeySignIn.tsx';
import { consumePendingInvite, invitePath, rememberInviteFromQuery } from './pending-invite.ts';
import { SecondFactorStep } from './SecondFactorStep.tsx';

/** What registration hands to the login page through the navigation state (not the URL). */
export interface LoginHandoff {
  email: string;
}

function handedOverEmail(state: unknown): string {
  const email = (state as Partial<LoginHandoff> | null)?.email;
  return typeof email === 'string' ? email : '';
}

export function LoginForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signIn = useAuthStore((state) => state.signIn);
  const location = useLocation();
  const [handedOver] = useState(() => handedOverEmail(location.state));
  // Arriving from a successful password reset or a registration: say so until the next attempt.
  const [status, setStatus] = useState<StatusMessage | null>(() =>
    searchParams.get('passwordReset') === '1'
      ? { tone: 'success', message: t('resetPassword.loginNotice') }
      : handedOver
        ? { tone: 'success', message: t('login.afterRegistration', { email: handedOver }) }
        : null,
  );
  const form = useForm({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: handedOver, password: '' },
  });
  const field = useFieldBinding(form);
  const { setFocus } = form;
  // Set while the account's second factor is asked for (issue 28).
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const isBackFromSecondStep = useRef(false);

  useEffect(() => rememberInviteFromQuery(searchParams), [searchParams]);
  // Just registered: the address is filled in, so the password is what is left to type.
  useEffect(() => {
    if (handedOver) setFocus('password');
  }, [handedOver, setFocus]);

  // Back from the second step: the password is what is asked for again.
  useEffect(() => {
    if (mfaToken === null && isBackFromSecondStep.current) setFocus('password');
  }, [mfaToken, setFocus]);

  /** A password (with its second step) or a passkey opened a session: keep it and go where SPEC says. */
  async function completeSignIn(session: SessionResponse) {
    signIn(session.token, session.user, session.password_change_required);
    setStatus({ tone: 'success', message: t('login.status.success') });
    void i18n.changeLanguage(session.user.language);
    // SPEC's destinations stay; an old password is asked for by the prompt in the app frame.
    const inviteToken = consumePendingInvite();
    await navigate(inviteToken ? invitePath(inviteToken) : '/dashboard', { replace: true });
  }

  const submit = form.handleSubmit(async (credentials) => {
    setStatus({ tone: 'info', message: t('login.status.loggingIn') });
    try {
      const answer = await login(credentials);
      if ('mfa_required' in answer) {
        setStatus(null);
        setMfaToken(answer.mfa_token);
        return;
      }
      await completeSignIn(answer);
    } catch (error) {
      setStatus({ tone: 'error', message: serverMessageOf(error) ?? t('login.status.failed') });
    }
  });

  if (mfaToken) {
    return (
      <SecondFactorStep
        mfaToken={mfaToken}
        onSignedIn={completeSignIn}
        onRestart={(message) => {
          isBackFromSecondStep.current = true;
          form.resetField('password');
          setStatus(message ? { tone: 'error', message } : null);
          setMfaToken(null);
        }}
      />
    );
  }

  return (
    <CredentialsPage
      page="login"
      onSubmit={submit}
      field={field}
      isSubmitDisabled={form.formState.isSubmitting}
      status={status}
    >
      <PasskeySignIn onSignedIn={completeSignIn} onStatus={setStatus} />
      <TextLink to="/forgot-password" className="self-start text-sm">
        {t('changePassword.forgotLink')}
      </TextLink>
    </CredentialsPage>
  );
}
