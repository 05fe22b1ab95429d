// SPEC.md: an invite token arriving on /login, /register or /invite is kept until the visitor has an account.
const PENDING_INVITE_KEY = 'pendingInviteToken';
const INVITE_FRESH_KEY = 'inviteTokenFresh';

export function rememberPendingInvite(token: string): void {
  localStorage.setItem(PENDING_INVITE_KEY, token);
  localStorage.setItem(INVITE_FRESH_KEY, 'true');
}

export function rememberInviteFromQuery(searchParams: URLSearchParams): void {
  const token = searchParams.get('inviteToken') ?? searchParams.get('token');
  if (token) rememberPendingInvite(token);
}

export function peekFreshPendingInvite(): string | null {
  const isFresh = localStorage.getItem(INVITE_FRESH_KEY) === 'true';
  return isFresh ? localStorage.getItem(PENDING_INVITE_KEY) : null;
}

/** Returns the token if it is still fresh and removes it either way (a stale token is ignored). */
export function consumePendingInvite(): string | null {
  const token = peekFreshPendingInvite();
  localStorage.removeItem(PENDING_INVITE_KEY);
  localStorage.removeItem(INVITE_FRESH_KEY);
  return token;
}

export function invitePath(token: string): string {
  return `/invite?token=${encodeURIComponent(token)}`;
}
