import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/limits.ts';
import { createLoginThrottle, type LoginThrottleOptions } from './login-throttle.ts';

const WINDOW_MS = 60_000;
const T0 = 1_700_000_000_000;
const VICTIM = 'ada@example.com';
const HOME = '198.51.100.7';
const ATTACKER = '10.0.0.1';

/** A throttle on a clock the test moves by hand. */
function throttleAt(options: LoginThrottleOptions = {}) {
  const clock = { now: T0 };
  const throttle = createLoginThrottle({ clock: () => clock.now, ...options });
  const fail = (times: number, account = VICTIM, address = ATTACKER) => {
    for (let i = 0; i < times; i += 1) throttle.recordFailure(account, address);
  };
  return { throttle, clock, fail };
}

describe('login throttle: per (account, address)', () => {
  it('refuses an address for an account after N failures, until the window ends', () => {
    const { throttle, clock, fail } = throttleAt({ perAddress: 3, perAccount: 100, windowMs: WINDOW_MS });
    fail(2);
    expect(throttle.check(VICTIM, ATTACKER)).toEqual({ ok: true });
    clock.now += 30_000;
    fail(1);
    expect(throttle.check(VICTIM, ATTACKER)).toEqual({
      ok: false,
      reason: 'ADDRESS_LOCKED',
      retryAfterSeconds: 30,
    });
    clock.now = T0 + WINDOW_MS - 1;
    expect(throttle.check(VICTIM, ATTACKER).ok).toBe(false);
    clock.now = T0 + WINDOW_MS;
    expect(throttle.check(VICTIM, ATTACKER)).toEqual({ ok: true });
    fail(2);
    expect(throttle.check(VICTIM, ATTACKER)).toEqual({ ok: true });
  });

  it('leaves the owner at another address alone, and other accounts at the same address', () => {
    const { throttle, fail } = throttleAt({ perAddress: 3, perAccount: 100 });
    fail(3);
    expect(throttle.check(VICTIM, ATTACKER).ok).toBe(false);
    expect(throttle.check(VICTIM, HOME)).toEqual({ ok: true });
    expect(throttle.check('bob@example.com', ATTACKER)).toEqual({ ok: true });
  });

  it('a success clears only that address’s count', () => {
    const { throttle, fail } = throttleAt({ perAddress: 3, perAccount: 100 });
    fail(2, VICTIM, HOME);
    fail(3, VICTIM, ATTACKER);
    throttle.recordSuccess(VICTIM, HOME);
    fail(2, VICTIM, HOME);
    expect(throttle.check(VICTIM, HOME)).toEqual({ ok: true });
    expect(throttle.check(VICTIM, ATTACKER).ok).toBe(false);
  });

  it('defaults to the shared limits (10 failures per address, 15 minutes)', () => {
    const { throttle, clock, fail } = throttleAt();
    const { failedLoginsPerAddress, failedLoginWindowMinutes } = LIMITS.auth;
    fail(failedLoginsPerAddress - 1);
    expect(throttle.check(VICTIM, ATTACKER)).toEqual({ ok: true });
    fail(1);
    expect(throttle.check(VICTIM, ATTACKER)).toMatchObject({
      ok: false,
      reason: 'ADDRESS_LOCKED',
      retryAfterSeconds: failedLoginWindowMinutes * 60,
    });
    expect(throttle.check(VICTIM, HOME)).toEqual({ ok: true });
    clock.now += failedLoginWindowMinutes * 60_000;
    expect(throttle.check(VICTIM, ATTACKER)).toEqual({ ok: true });
  });
});

describe('login throttle: per account over all addresses', () => {
  it('below the account threshold, failures from many addresses never stop the owner', () => {
    const { throttle, fail } = throttleAt();
    for (let i = 0; i < LIMITS.auth.failedLoginsPerAccount - 1; i += 1) fail(1, VICTIM, `10.1.0.${i}`);
    expect(throttle.check(VICTIM, HOME)).toEqual({ ok: true });
  });

  it('at the threshold every address waits a delay that doubles per failure, capped, never a long lock', () => {
    const { throttle, clock, fail } = throttleAt({
      perAddress: 1000,
      perAccount: 5,
      firstDelayMs: 1000,
      maxDelayMs: 30_000,
      windowMs: 15 * 60_000,
    });
    fail(4);
    expect(throttle.check(VICTIM, HOME)).toEqual({ ok: true });

    const waits: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      fail(1);
      const verdict = throttle.check(VICTIM, HOME);
      expect(verdict).toMatchObject({ ok: false, reason: 'ACCOUNT_DELAYED' });
      const seconds = verdict.ok ? 0 : verdict.retryAfterSeconds;
      waits.push(seconds);
      clock.now += seconds * 1000 - 1;
      expect(throttle.check(VICTIM, HOME).ok).toBe(false);
      clock.now += 1;
      expect(throttle.check(VICTIM, HOME)).toEqual({ ok: true });
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 30, 30, 30]);
  });

  it('defaults to the shared limits (100 failures, 1 s doubling up to 30 s)', () => {
    const { throttle, fail } = throttleAt();
    const { failedLoginsPerAccount, accountDelaySeconds } = LIMITS.auth;
    for (let i = 0; i < failedLoginsPerAccount; i += 1) fail(1, VICTIM, `10.2.${i >> 8}.${i & 255}`);
    expect(throttle.check(VICTIM, HOME)).toEqual({
      ok: false,
      reason: 'ACCOUNT_DELAYED',
      retryAfterSeconds: accountDelaySeconds.first,
    });
    fail(10, VICTIM, '10.3.0.1');
    expect(throttle.check(VICTIM, HOME)).toMatchObject({ retryAfterSeconds: accountDelaySeconds.max });
  });
});

describe('login throttle: bounded memory', () => {
  it('spraying many addresses does not reset a locked address (default table size)', () => {
    const { throttle, fail } = throttleAt();
    fail(LIMITS.auth.failedLoginsPerAddress);
    expect(throttle.check(VICTIM, ATTACKER).ok).toBe(false);
    // One failure each from more addresses than the table holds (the old code emptied the table here).
    for (let i = 0; i <= LIMITS.auth.failureTableEntries; i += 1) {
      throttle.recordFailure(`spray-${i}@example.com`, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    }
    expect(throttle.check(VICTIM, ATTACKER)).toMatchObject({ ok: false, reason: 'ADDRESS_LOCKED' });
    expect(throttle.size.byAddress).toBeLessThanOrEqual(LIMITS.auth.failureTableEntries);
    expect(throttle.size.byAccount).toBeLessThanOrEqual(LIMITS.auth.failureTableEntries);
  });

  it('keeps the hot key and the newest entries, evicting expired ones, then those with the fewest failures', () => {
    const { throttle, clock, fail } = throttleAt({ perAddress: 3, perAccount: 1000, maxEntries: 100 });
    fail(3); // hot: locked
    for (let i = 0; i < 10_000; i += 1) fail(1, `spray-${i}@example.com`, '10.9.9.9');
    expect(throttle.check(VICTIM, ATTACKER).ok).toBe(false);
    expect(throttle.size.byAddress).toBeLessThanOrEqual(100);
    // The last sprayed keys are still counted: two more failures lock them.
    fail(2, 'spray-9999@example.com', '10.9.9.9');
    expect(throttle.check('spray-9999@example.com', '10.9.9.9').ok).toBe(false);

    // Once the hot key's window has passed it is the first to go, before any live entry.
    clock.now += LIMITS.auth.failedLoginWindowMinutes * 60_000 - 1;
    fail(2, 'late@example.com', '10.9.9.9');
    clock.now += 1;
    for (let i = 0; i < 300; i += 1) fail(1, `fresh-${i}@example.com`, '10.9.9.8');
    expect(throttle.check(VICTIM, ATTACKER)).toEqual({ ok: true });
    fail(1, 'late@example.com', '10.9.9.9');
    expect(throttle.check('late@example.com', '10.9.9.9').ok).toBe(false);
  });
});
