import { describe, expect, it } from 'vitest';
import { displayNameOf, displayNameOfAccount } from './display-name.ts';

describe('displayNameOf', () => {
  it('prefers the nickname', () => {
    expect(displayNameOf({ nickname: 'Jo', first_name: 'Johanna', last_name: 'Berg', email: 'j@x.de' })).toBe(
      'Jo',
    );
  });
  it('falls back to first and last name, or either of them', () => {
    expect(displayNameOf({ nickname: '  ', first_name: 'Johanna', last_name: 'Berg', email: 'j@x.de' })).toBe(
      'Johanna Berg',
    );
    expect(displayNameOf({ nickname: null, first_name: null, last_name: 'Berg', email: 'j@x.de' })).toBe(
      'Berg',
    );
  });
  it('falls back to the part of the e-mail before the @', () => {
    expect(
      displayNameOf({ nickname: null, first_name: '', last_name: null, email: 'max.mustermann@example.org' }),
    ).toBe('max.mustermann');
  });
  it('is null when nothing is known', () => {
    expect(displayNameOf({})).toBeNull();
    expect(displayNameOf({ email: '@x.de' })).toBeNull();
  });
});

describe('displayNameOfAccount', () => {
  it('follows the rule and never answers null for an account', () => {
    expect(
      displayNameOfAccount({ nickname: null, first_name: 'Ada', last_name: null, email: 'a@x.de' }),
    ).toBe('Ada');
    expect(displayNameOfAccount({ email: 'lovelace@x.de' })).toBe('lovelace');
    expect(displayNameOfAccount({ email: '@x.de' })).toBe('@x.de');
  });
});
