import { LIMITS } from './limits.ts';

/**
 * What a new password must not be (OWASP ASVS 5 L2, issue 27), one name per rule. `common` (a list of
 * frequent passwords) is checked by the server alone: the list is too large for the web bundle.
 */
export const PASSWORD_RULES = ['length', 'oneCharacter', 'email', 'productName', 'common'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/** The message key (`validation.*`) that names a rule, for the field of a refused password. */
export const PASSWORD_RULE_MESSAGE: Record<PasswordRule, string> = {
  length: 'validation.passwordTooShort',
  oneCharacter: 'validation.passwordOneCharacter',
  email: 'validation.passwordIsEmail',
  productName: 'validation.passwordIsProductName',
  common: 'validation.passwordCommon',
};

export const PRODUCT_NAME = 'Decision Compass';

// Compared in lower case without spaces and word separators (. _ -); digits and symbols only before or
// after the word add nothing to guess ("Decision-Compass 2024!" is still the product's name).
const flatten = (text: string) => text.toLowerCase().replace(/[\s._-]+/g, '');
const core = (text: string) => text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');

function isContextWord(password: string, word: string): boolean {
  const flat = flatten(password);
  const target = flatten(word);
  if (!target) return false;
  return flat === target || (core(flat) !== '' && core(flat) === core(target));
}

/**
 * The first rule a new password breaks that can be checked without the server's list, or null.
 * `email` is the account's address, when known (register: the typed one; change: the account's).
 */
export function brokenPasswordRule(password: string, email?: string): Exclude<PasswordRule, 'common'> | null {
  if ([...password].length < LIMITS.password.min) return 'length';
  if (new Set(password).size === 1) return 'oneCharacter';
  if (email) {
    const address = email.trim();
    const localPart = address.slice(0, Math.max(address.lastIndexOf('@'), 0));
    if (isContextWord(password, address) || (localPart && isContextWord(password, localPart))) return 'email';
  }
  if (isContextWord(password, PRODUCT_NAME)) return 'productName';
  return null;
}
