import type { MfaLoginRequest, MfaRequiredResponse } from '../../../shared/api/two-step.ts';
import type { LoginRequest, RegisterRequest, User } from '../../../shared/api/users.ts';
import { apiRequest } from '../../lib/api-client.ts';

export interface SessionResponse {
  token: string;
  user: User;
  /** The typed password breaks today's rules (set before them): ask for a new one. */
  password_change_required: boolean;
}

/** The same for a new and an already registered address: no user, no session. */
export interface RegisterResponse {
  message: string;
}

/** A session, or, for an account with two-step sign-in, the token of the code step that comes next. */
export function login(credentials: LoginRequest) {
  return apiRequest<SessionResponse | MfaRequiredResponse>('/api/login', {
    method: 'POST',
    json: credentials,
  });
}

/** The second step: a code from the authenticator app or a recovery code. */
export function loginWithSecondFactor(request: MfaLoginRequest) {
  return apiRequest<SessionResponse>('/api/login/mfa', { method: 'POST', json: request });
}

export function register(registration: RegisterRequest) {
  return apiRequest<RegisterResponse>('/api/register', { method: 'POST', json: registration });
}

export function logout() {
  return apiRequest<{ message: string }>('/api/logout', { method: 'POST' });
}

export function fetchCurrentUser() {
  return apiRequest<User>('/api/users/me');
}
