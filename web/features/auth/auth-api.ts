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

export function login(credentials: LoginRequest) {
  return apiRequest<SessionResponse>('/api/login', { method: 'POST', json: credentials });
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
