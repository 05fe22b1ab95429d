import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { generateRecoveryCodes, normalizeRecoveryCode } from './recovery-codes.ts';
import { matchingTimeStep, otpauthUrlOf, timeStepAt } from './totp.ts';

/** What an authenticator app shows for a base32 secret at a moment (ms). */
const totpCodeAt = (secret: string, nowMs: number) =>
  generateSync({ secret, epoch: Math.floor(nowMs / 1000) });

// RFC 6238 Appendix B, SHA-1: the ASCII secret "12345678901234567890" and its 8-digit codes.
const RFC_SECRET_ASCII = '12345678901234567890';
const RFC_SECRET_BASE32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP against RFC 6238 Appendix B (SHA-1)', () => {
  it.each(RFC_VECTORS)('at %i s the 8-digit code is %s', (seconds, code) => {
    const secret = new TextEncoder().encode(RFC_SECRET_ASCII);
    expect(generateSync({ secret, epoch: seconds, digits: 8 })).toBe(code);
  });

  it.each(RFC_VECTORS)(
    'at %i s our 6-digit code is the last six digits of %s, and is accepted',
    (seconds, code) => {
      const sixDigits = code.slice(-6);
      expect(totpCodeAt(RFC_SECRET_BASE32, seconds * 1000)).toBe(sixDigits);
      expect(matchingTimeStep(RFC_SECRET_BASE32, sixDigits, seconds * 1000)).toBe(Math.floor(seconds / 30));
    },
  );
});

describe('matchingTimeStep', () => {
  const now = 1_800_000_015_000; // 15 s into a step
  const step = timeStepAt(now);
  const codeAtStep = (offset: number) => totpCodeAt(RFC_SECRET_BASE32, (step + offset) * 30_000);

  it('accepts the codes of the step before, the current one and the next, answering their step', () => {
    for (const offset of [-1, 0, 1]) {
      expect(matchingTimeStep(RFC_SECRET_BASE32, codeAtStep(offset), now)).toBe(step + offset);
    }
  });

  it('refuses codes two steps away, and codes of a step at or before the last one accepted', () => {
    expect(matchingTimeStep(RFC_SECRET_BASE32, codeAtStep(-2), now)).toBeUndefined();
    expect(matchingTimeStep(RFC_SECRET_BASE32, codeAtStep(2), now)).toBeUndefined();
    expect(matchingTimeStep(RFC_SECRET_BASE32, codeAtStep(0), now, step)).toBeUndefined();
    expect(matchingTimeStep(RFC_SECRET_BASE32, codeAtStep(-1), now, step - 1)).toBeUndefined();
    expect(matchingTimeStep(RFC_SECRET_BASE32, codeAtStep(1), now, step)).toBe(step + 1);
    // A last step beyond the window (a clock set back) leaves nothing to accept, without an error.
    expect(matchingTimeStep(RFC_SECRET_BASE32, codeAtStep(0), now, step + 5)).toBeUndefined();
  });

  it('refuses anything that is not six digits without asking otplib', () => {
    for (const code of ['', '12345', '1234567', 'abcdef', '12 345']) {
      expect(matchingTimeStep(RFC_SECRET_BASE32, code, now)).toBeUndefined();
    }
  });
});

describe('otpauthUrlOf', () => {
  it('names the issuer and the account and spells out SHA-1, 6 digits and 30 seconds', () => {
    expect(otpauthUrlOf('JBSWY3DPEHPK3PXP', 'ada@example.com')).toBe(
      'otpauth://totp/Decision%20Compass:ada%40example.com?secret=JBSWY3DPEHPK3PXP' +
        '&issuer=Decision%20Compass&algorithm=SHA1&digits=6&period=30',
    );
  });
});

describe('recovery codes', () => {
  it('are ten different codes of four groups of four base32 characters', () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
  });

  it('are compared without case, spaces and dashes, reading O, I and L as digits', () => {
    expect(normalizeRecoveryCode(' 7K2M-Q9XD 3HFA-W0BN ')).toBe('7k2mq9xd3hfaw0bn');
    expect(normalizeRecoveryCode('7k2m-q9xd-3hfa-wObn')).toBe('7k2mq9xd3hfaw0bn');
    expect(normalizeRecoveryCode('1ILi')).toBe('1111');
  });
});
