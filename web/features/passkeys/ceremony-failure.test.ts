import { describe, expect, it } from 'vitest';
import { ceremonyFailureOf } from './ceremony-failure.ts';

/** What @simplewebauthn/browser throws: a WebAuthnError with a code and the browser's error as cause. */
function webAuthnError(code: string, causeName: string): Error {
  const cause = new Error('from the browser');
  cause.name = causeName;
  return Object.assign(new Error('wrapped', { cause }), { name: 'WebAuthnError', code });
}

describe('ceremonyFailureOf', () => {
  it('hears a cancelled, refused or timed-out prompt as cancelled', () => {
    expect(ceremonyFailureOf(webAuthnError('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', 'NotAllowedError'))).toBe(
      'cancelled',
    );
    expect(ceremonyFailureOf(webAuthnError('ERROR_CEREMONY_ABORTED', 'AbortError'))).toBe('cancelled');
    const bare = new Error('not allowed');
    bare.name = 'NotAllowedError';
    expect(ceremonyFailureOf(bare)).toBe('cancelled');
  });

  it('names a device that already holds one of the account’s passkeys', () => {
    expect(
      ceremonyFailureOf(webAuthnError('ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', 'InvalidStateError')),
    ).toBe('alreadyOnDevice');
  });

  it('calls anything else a failure', () => {
    expect(ceremonyFailureOf(webAuthnError('ERROR_INVALID_RP_ID', 'SecurityError'))).toBe('failed');
    expect(ceremonyFailureOf('a string')).toBe('failed');
  });
});
