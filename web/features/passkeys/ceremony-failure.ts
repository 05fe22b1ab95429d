/** Why the browser's part of a passkey ceremony ended without a credential. */
export type CeremonyFailure = 'cancelled' | 'unsupported' | 'alreadyOnDevice' | 'failed';

/**
 * The browser's error as what the user should hear. @simplewebauthn/browser wraps the DOMException in a
 * WebAuthnError (`code`, the original as `cause`); a cancelled or timed-out prompt is a NotAllowedError,
 * no failure of the user's, and an excluded credential already on the device an InvalidStateError.
 */
export function ceremonyFailureOf(error: unknown): CeremonyFailure {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const name = cause instanceof Error ? cause.name : '';
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED')
    return 'cancelled';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'alreadyOnDevice';
  return 'failed';
}
