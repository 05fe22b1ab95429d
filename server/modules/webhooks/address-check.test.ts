import { describe, expect, it } from 'vitest';
import { isBlockedAddress, urlRefusalOf } from './address-check.ts';

const refused = { allowPrivate: false };

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '0.1.2.3',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:192.168.0.1',
    '::ffff:169.254.169.254',
    '[::1]',
  ])('refuses %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'lets %s through',
    (address) => {
      expect(isBlockedAddress(address)).toBe(false);
    },
  );

  it('refuses what is no address at all', () => {
    expect(isBlockedAddress('example.com')).toBe(true);
  });
});

describe('urlRefusalOf', () => {
  it.each([
    // Numeric spellings the WHATWG URL parser turns into 127.0.0.1.
    'http://2130706433/',
    'http://127.1/',
    'http://0x7f.1/',
    'http://0x7f000001/',
    'http://017700000001/',
    'http://127.0.0.1:8080/hook',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[0:0:0:0:0:ffff:7f00:1]/',
    'http://10.1.2.3/',
    'http://172.16.5.4/',
    'http://192.168.0.10/',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.1.1/',
    'http://0.0.0.0/',
    'http://0/',
    'http://[fc00::1]/',
    'http://[fe80::1]/',
    'http://localhost/',
    'http://LOCALHOST./',
    'http://app.localhost/',
  ])('refuses %s as private', (url) => {
    expect(urlRefusalOf(url, refused)).toBe('validation.webhookUrlPrivate');
  });

  it.each([
    'ftp://example.com/',
    'javascript:alert(1)',
    'not a url',
    'https://user:pw@example.com/',
    'file:///etc/passwd',
  ])('refuses %s as no webhook URL', (url) => {
    expect(urlRefusalOf(url, refused)).toBe('validation.webhookUrl');
  });

  it('accepts public addresses and host names (names are checked again after DNS at delivery)', () => {
    expect(urlRefusalOf('https://hooks.slack.com/services/T000/B000/XXXX', refused)).toBeNull();
    expect(urlRefusalOf('http://93.184.216.34/hook', refused)).toBeNull();
  });

  it('accepts private addresses when the operator allows them', () => {
    expect(urlRefusalOf('http://127.0.0.1:4000/hook', { allowPrivate: true })).toBeNull();
    expect(urlRefusalOf('ftp://127.0.0.1/', { allowPrivate: true })).toBe('validation.webhookUrl');
  });
});
