import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { brokenPasswordRule, type PasswordRule } from '../../../shared/password-rules.ts';
import { commonPasswordList } from './common-passwords.ts';

// OWASP password storage cheat sheet: argon2id, m = 19 MiB, t = 2, p = 1.
// Algorithm is an ambient const enum (unusable under verbatimModuleSyntax); 2 is Argon2id.
export const OWASP_ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

let argon2Options = OWASP_ARGON2_OPTIONS;

/**
 * Test suites only (server/test/setup.ts): argon2id at a lower cost. The API suite registers and signs
 * in thousands of accounts, and at 19 MiB each hash costs ~45 ms of a 2-core machine's CPU. The product
 * never calls this; the tests of the parameters themselves switch back to `OWASP_ARGON2_OPTIONS`.
 */
export function setPasswordHashingCost(options: { memoryCost: number; timeCost: number }): void {
  argon2Options = { ...OWASP_ARGON2_OPTIONS, ...options };
  dummyHash = undefined;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export function isCommonPassword(password: string): boolean {
  return commonPasswordList().has(password.toLowerCase());
}

/** The first rule a new password breaks (shared rules, then the common list), or null. */
export function weakPasswordRule(password: string, email: string | undefined): PasswordRule | null {
  return brokenPasswordRule(password, email) ?? (isCommonPassword(password) ? 'common' : null);
}

let dummyHash: Promise<string> | undefined;

/** A hash to verify against when no account exists, so both paths cost the same time. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('timing-equaliser-not-a-real-password');
  return dummyHash;
}
