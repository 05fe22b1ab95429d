import type { VerifyEmailRequest } from '../../../shared/api/email-verification.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** The token goes in the body, so it never appears in a request log. */
export function verifyEmail(request: VerifyEmailRequest) {
  return apiRequest<{ message: string }>('/api/verify-email', { method: 'POST', json: request });
}

export function resendVerificationMail() {
  return apiRequest<{ message: string }>('/api/verify-email/resend', { method: 'POST' });
}
