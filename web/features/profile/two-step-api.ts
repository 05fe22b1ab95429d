import { useQuery } from '@tanstack/react-query';
import type {
  RecoveryCodesResponse,
  TotpDisableRequest,
  TotpEnrolment,
  TwoStepStatus,
} from '../../../shared/api/two-step.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { twoStepKeys } from '../../lib/query-keys.ts';

export function useTwoStepStatus() {
  return useQuery({
    queryKey: twoStepKeys.status,
    queryFn: () => apiRequest<TwoStepStatus>('/api/users/me/totp'),
  });
}

/** A new secret with its QR code; starting again replaces one that was not confirmed. */
export function startTotpEnrolment() {
  return apiRequest<TotpEnrolment>('/api/users/me/totp', { method: 'POST' });
}

/** Turns two-step sign-in on; the answer holds the recovery codes, shown this once. */
export function confirmTotpEnrolment(code: string) {
  return apiRequest<RecoveryCodesResponse>('/api/users/me/totp/confirm', { method: 'POST', json: { code } });
}

export function disableTotp(request: TotpDisableRequest) {
  return apiRequest<null>('/api/users/me/totp', { method: 'DELETE', json: request });
}
