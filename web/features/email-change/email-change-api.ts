import type { ChangeEmailRequest, ConfirmEmailChangeRequest } from '../../../shared/api/email-change.ts';
import type { MessageResponse } from '../../../shared/api/users.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** 202 whether or not the new address has an account: the link mailed there applies the change. */
export function requestEmailChange(request: ChangeEmailRequest) {
  return apiRequest<MessageResponse>('/api/users/me/email', { method: 'POST', json: request });
}

/** The token goes in the body, so it never appears in a request log. */
export function confirmEmailChange(request: ConfirmEmailChangeRequest) {
  return apiRequest<MessageResponse>('/api/users/me/email/confirm', { method: 'POST', json: request });
}
