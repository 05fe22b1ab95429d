import type { LoginRequest, RegisterRequest, User } from '../../../shared/api/users.ts';
import { apiRequest } from '../../lib/api-client.ts';

export interface SessionResponse {
  token: string;
  user: User;
}

export interface RegisterResponse {
  message: string;
  user: User;
  /** Only present when the registration carried an invite token. */
  token?: string;
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
