import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { brokenPasswordRule, type PasswordRule } from '../../../shared/password-rules.ts';
import { commonPasswordList } from './common-passwords.ts';

// OWASP password storage cheat sheet: argon2id, m = 19 MiB, t = 2, p = 1.
// Algorithm is an ambient const enum (unusable under verbatimModuleSyntax); 2 is Argon2id.
const ARGON2_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
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
