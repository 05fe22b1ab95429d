import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { passwordRuleIssue, registerRequestSchema } from '../../../shared/api/users.ts';
import type { StatusMessage } from '../../components/ui/StatusLine.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { showServerFieldErrors, useFieldBinding } from '../../lib/form-errors.ts';
import { useWorkspaceInvitationPreviewQuery } from '../workspaces/workspaces-api.ts';
import { useInvitationPreviewQuery } from '../team/team-api.ts';
import { login, register as registerAccount } from './auth-api.ts';
import { CredentialsPage } from './CredentialsPage.tsx';
import type { LoginHandoff } from './LoginForm.tsx';
import {
  consumePendingInvite,
  invitePath,
  peekFreshPendingInvite,
  rememberInviteFromQuery,
} from './pending-invite.ts';

// The server's payload, with the password rules it can check before sending (the server checks again).
const registerFormSchema = registerRequestSchema.superRefine(({ email, password }, ctx) => {
  const issue = passwordRuleIssue(password, email);
  if (issue) ctx.addIssue({ code: 'custom', path: ['password'], message: issue });
});

// SPEC.md: the success text stays visible for one second before the redirect.
const REDIRECT_AFTER_REGISTER_MS = 1000;

export function RegisterForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signIn = useAuthStore((state) => state.signIn);
  const [status, setStatus] = useState<StatusMessage | null>(null);
  const [redirectTo, setRedirectTo] = useState<{ path: string; state?: LoginHandoff } | null>(null);
  const form = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { email: '', password: '' },
  });
  const field = useFieldBinding(form);
  const { getFieldState, setValue } = form;

  useEffect(() => rememberInviteFromQuery(searchParams), [searchParams]);

  // Registering from an invitation (in the URL, or kept from an earlier visit): the link was mailed to
  // the invited address, so it is the likely one.
  const [invitationToken] = useState(
    () => searchParams.get('inviteToken') ?? searchParams.get('token') ?? peekFreshPendingInvite(),
  );
  const invitation = useInvitationPreviewQuery(invitationToken);
  // Issue 29: or a workspace's invitation, which the decisions' check does not know.
  const workspaceInvitation = useWorkspaceInvitationPreviewQuery(invitationToken, invitation.isError);
  const invitedEmail = invitation.data?.email ?? workspaceInvitation.data?.email;
  useEffect(() => {
    if (invitedEmail && !getFieldState('email').isDirty) setValue('email', invitedEmail);
  }, [invitedEmail, getFieldState, setValue]);

  useEffect(() => {
    if (!redirectTo) return;
    const timer = setTimeout(
      () => void navigate(redirectTo.path, { state: redirectTo.state }),
      REDIRECT_AFTER_REGISTER_MS,
    );
    return () => clearTimeout(timer);
  }, [redirectTo, navigate]);

  const submit = form.handleSubmit(async ({ email, password }) => {
    setStatus({ tone: 'info', message: t('register.status.creating') });
    const inviteToken = peekFreshPendingInvite();
    try {
      // The server answers a new and a taken address alike, so the answer carries no session.
      await registerAccount({ email, password, inviteToken });
      setStatus({ tone: 'success', message: t('register.status.created') });
      if (inviteToken) {
        // With an invite the new account signs in right away, so the invitation can be accepted next.
        const session = await login({ email, password }).catch(() => null);
        // An existing account with two-step sign-in continues on the login page instead.
        if (session && 'token' in session) {
          consumePendingInvite();
          signIn(session.token, session.user, session.password_change_required);
          setRedirectTo({ path: invitePath(inviteToken) });
          return;
        }
      }
      // Without a session the invitation stays pending and the login page continues with it; the
      // address travels in the navigation state, never in the URL.
      setRedirectTo({ path: '/login', state: { email } });
    } catch (error) {
      showServerFieldErrors(error, form.setError, ['email', 'password']);
      setStatus({ tone: 'error', message: serverMessageOf(error) ?? t('register.status.failed') });
    }
  });

  return (
    <CredentialsPage
      page="register"
      onSubmit={submit}
      field={field}
      isSubmitDisabled={form.formState.isSubmitting || redirectTo !== null}
      status={status}
    />
  );
}
