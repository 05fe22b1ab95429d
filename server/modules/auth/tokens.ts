import { createHash, randomBytes } from 'node:crypto';

/** 256 bits of randomness, URL-safe; shown to the client once, never stored. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a leaked database holds no usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
