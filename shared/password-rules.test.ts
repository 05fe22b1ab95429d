import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits.ts';
import { brokenPasswordRule } from './password-rules.ts';

describe('brokenPasswordRule', () => {
  const email = 'ada.lovelace@example.com';

  it('accepts a long password that is none of the context words', () => {
    expect(brokenPasswordRule('correct horse battery staple', email)).toBeNull();
    expect(brokenPasswordRule('kq8#mZ2p!x4W', email)).toBeNull();
    expect(brokenPasswordRule('my decision compass plan', email)).toBeNull();
  });

  it(`asks for at least ${LIMITS.password.min} characters, counting characters rather than code units`, () => {
    expect(LIMITS.password.min).toBe(12);
    expect(brokenPasswordRule('kq8#mZ2p!x4', email)).toBe('length');
    expect(brokenPasswordRule('kq8#mZ2p!x4W', email)).toBeNull();
    expect(brokenPasswordRule('😀😀😀😀😀😀🙂', email)).toBe('length');
  });

  it('refuses one character repeated, spaces included', () => {
    expect(brokenPasswordRule('aaaaaaaaaaaa', email)).toBe('oneCharacter');
    expect(brokenPasswordRule(' '.repeat(20), email)).toBe('oneCharacter');
    expect(brokenPasswordRule('😀'.repeat(12), email)).toBe('oneCharacter');
    expect(brokenPasswordRule('aaaaaaaaaaab', email)).toBeNull();
  });

  it.each([
    'ada.lovelace@example.com',
    'ADA.LOVELACE@EXAMPLE.COM',
    'Ada Lovelace 1815!',
    'ada_lovelace',
    '2024ada-lovelace',
  ])('refuses %j for ada.lovelace@example.com: the address or its local part', (password) => {
    expect(brokenPasswordRule(password.padEnd(12, '1'), email)).toBe('email');
  });

  it('checks the local part only when an address is known, and not a mere part of it', () => {
    expect(brokenPasswordRule('adalovelace1', undefined)).toBeNull();
    expect(brokenPasswordRule('ada lovelace is great', email)).toBeNull();
    expect(brokenPasswordRule('123456789012', '123456789012@example.com')).toBe('email');
  });

  it.each([
    'Decision Compass',
    'decisioncompass',
    'DECISION-COMPASS',
    'Decision Compass 2024!',
    '  decision compass  ',
  ])('refuses the product name %j', (password) => {
    expect(brokenPasswordRule(password, email)).toBe('productName');
  });
});
