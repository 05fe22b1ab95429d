import { beforeAll, describe, expect, it } from 'vitest';
import {
  dummyPasswordHash,
  hashPassword,
  isCommonPassword,
  OWASP_ARGON2_OPTIONS,
  setPasswordHashingCost,
  verifyPassword,
  weakPasswordRule,
} from './passwords.ts';

describe('password hashing', () => {
  // The product's cost, not the suites' cheaper one (server/test/setup.ts).
  beforeAll(() => setPasswordHashingCost(OWASP_ARGON2_OPTIONS));

  it('uses argon2id at the OWASP parameters m=19456, t=2, p=1', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(hash).not.toContain('correct horse');
  });

  it('salts every hash', async () => {
    const [first, second] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(first).not.toBe(second);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Tr0ub4dor&3');
    expect(await verifyPassword(hash, 'Tr0ub4dor&3')).toBe(true);
    expect(await verifyPassword(hash, 'tr0ub4dor&3')).toBe(false);
    expect(await verifyPassword(hash, '')).toBe(false);
  });

  it.each(['', 'not-a-hash', '$argon2id$v=19$m=19456,t=2,p=1$broken', '$2b$10$abcdefghijklmnopqrstuv'])(
    'answers false, not an exception, for the malformed hash %j',
    async (malformed) => {
      await expect(verifyPassword(malformed, 'anything')).resolves.toBe(false);
    },
  );

  it('keeps one dummy hash that matches no real password', async () => {
    const dummy = await dummyPasswordHash();
    expect(await dummyPasswordHash()).toBe(dummy);
    expect(dummy).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(dummy, 'correct horse battery staple')).toBe(false);
  });
});

describe('weakPasswordRule', () => {
  it('names the shared rules first, then the common list', () => {
    expect(weakPasswordRule('password', 'ada@example.com')).toBe('length');
    expect(weakPasswordRule('password1234', 'ada@example.com')).toBe('common');
    expect(weakPasswordRule('ada@example.com', 'ada@example.com')).toBe('email');
    expect(weakPasswordRule('correct horse battery staple', 'ada@example.com')).toBeNull();
  });
});

describe('isCommonPassword', () => {
  it.each([
    'password',
    'PASSWORD',
    'PassWord123',
    '12345678',
    'Passwort',
    'QWERTYUIOP',
    'Password1234',
    '1QAZ2WSX3EDC',
  ])('refuses %j', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['correct horse battery staple', 'kq8#mZ2p', 'password 1', ' password'])(
    'accepts %j',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});
