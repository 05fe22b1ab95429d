import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { z } from 'zod';
import type {
  Passkey,
  PasskeyList,
  passkeySessionResponseSchema,
  RenamePasskeyRequest,
} from '../../../shared/api/passkeys.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { passkeyKeys } from '../../lib/query-keys.ts';
import { ceremonyFailureOf, type CeremonyFailure } from './ceremony-failure.ts';

export type PasskeySession = z.infer<typeof passkeySessionResponseSchema>;

/** The browser's part failed (the server was not asked to verify anything). */
export class PasskeyCeremonyError extends Error {
  readonly failure: CeremonyFailure;
  constructor(failure: CeremonyFailure, cause?: unknown) {
    super(failure, { cause });
    this.name = 'PasskeyCeremonyError';
    this.failure = failure;
  }
}

/**
 * @simplewebauthn/browser, loaded on the first click: the login page is public and its bundle has
 * no room for a library most visitors never use.
 */
async function loadWebAuthn() {
  const webAuthn = await import('@simplewebauthn/browser');
  if (!webAuthn.browserSupportsWebAuthn()) throw new PasskeyCeremonyError('unsupported');
  return webAuthn;
}

async function runCeremony<T>(ceremony: () => Promise<T>): Promise<T> {
  try {
    return await ceremony();
  } catch (error) {
    throw new PasskeyCeremonyError(ceremonyFailureOf(error), error);
  }
}

/** Options from the server, the authenticator's answer, the server's verification. */
async function addPasskey(): Promise<Passkey> {
  const webAuthn = await loadWebAuthn();
  const optionsJSON = await apiRequest<PublicKeyCredentialCreationOptionsJSON>(
    '/api/users/me/passkeys/options',
    {
      method: 'POST',
    },
  );
  const response = await runCeremony(() => webAuthn.startRegistration({ optionsJSON }));
  return apiRequest<Passkey>('/api/users/me/passkeys', { method: 'POST', json: { response } });
}

/** Sign-in with a discoverable passkey: no address asked, the authenticator offers its accounts. */
export async function signInWithPasskey(): Promise<PasskeySession> {
  const webAuthn = await loadWebAuthn();
  const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>('/api/login/passkey/options', {
    method: 'POST',
  });
  const response = await runCeremony(() => webAuthn.startAuthentication({ optionsJSON }));
  return apiRequest<PasskeySession>('/api/login/passkey', { method: 'POST', json: { response } });
}

export function usePasskeysQuery() {
  return useQuery({
    queryKey: passkeyKeys.list,
    queryFn: () => apiRequest<PasskeyList>('/api/users/me/passkeys'),
  });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list }),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: RenamePasskeyRequest & { id: number }) =>
      apiRequest<Passkey>(`/api/users/me/passkeys/${id}`, { method: 'PATCH', json: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/api/users/me/passkeys/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list }),
  });
}
