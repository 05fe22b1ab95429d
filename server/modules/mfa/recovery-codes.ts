import { randomBytes } from 'node:crypto';
import { LIMITS } from '../../../shared/limits.ts';

// Crockford's base32: no I, L, O or U, so a code read off paper is typed back without guessing.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/**
 * One recovery code: 16 characters of 5 random bits each (80 bits, so its SHA-256 cannot be reversed
 * by trying them all), written as four groups, e.g. `7k2m-q9xd-3hfa-w0bn`.
 */
function generateRecoveryCode(): string {
  const bytes = randomBytes(GROUPS * GROUP_LENGTH);
  // 256 is a multiple of 32: every character is equally likely.
  const characters = Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]!).join('');
  return characters.match(new RegExp(`.{${GROUP_LENGTH}}`, 'g'))!.join('-');
}

export function generateRecoveryCodes(): string[] {
  return Array.from({ length: LIMITS.twoStep.recoveryCodes }, generateRecoveryCode);
}

/**
 * The form a recovery code is hashed in: case, spaces and dashes do not count, and the letters people
 * mistake for digits (O, I, L) read as the digits, as Crockford's base32 decodes them.
 */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
}
