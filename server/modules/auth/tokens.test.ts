import { describe, expect, it } from 'vitest';
import { generateToken, hashToken } from './tokens.ts';

describe('generateToken', () => {
  it('carries at least 256 bits as URL-safe base64', () => {
    const token = generateToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
  });

  it('never repeats', () => {
    const tokens = new Set(Array.from({ length: 10_000 }, generateToken));
    expect(tokens.size).toBe(10_000);
  });
});

describe('hashToken', () => {
  it('is the hex SHA-256 of the token', () => {
    // FIPS 180-2 test vector.
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('is deterministic, 64 hex characters, and differs per token', () => {
    const token = generateToken();
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).not.toBe(hashToken(generateToken()));
    expect(hashToken(token)).not.toContain(token);
  });
});
