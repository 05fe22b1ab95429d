import type { ForgotPasswordRequest, ResetPasswordRequest } from '../../../shared/api/password-reset.ts';
import { apiRequest } from '../../lib/api-client.ts';

export function requestPasswordReset(request: ForgotPasswordRequest) {
  return apiRequest<{ message: string }>('/api/forgot-password', { method: 'POST', json: request });
}

export function validateResetToken(token: string) {
  return apiRequest<{ valid: true; message: string }>(
    `/api/reset-password/validate/${encodeURIComponent(token)}`,
  );
}

export function resetPassword(request: ResetPasswordRequest) {
  return apiRequest<{ message: string }>('/api/reset-password', { method: 'POST', json: request });
}
