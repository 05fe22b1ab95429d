import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/limits.ts';
import { createLoginThrottle } from './login-throttle.ts';

const WINDOW_MS = 60_000;
const T0 = 1_700_000_000_000;

function failTimes(throttle: ReturnType<typeof createLoginThrottle>, key: string, times: number, now = T0) {
  for (let i = 0; i < times; i += 1) throttle.recordFailure(key, now);
}

describe('login throttle', () => {
  it('blocks an account after N failures within the window', () => {
    const throttle = createLoginThrottle(3, WINDOW_MS);
    failTimes(throttle, 'ada@example.com', 2);
    expect(throttle.isBlocked('ada@example.com', T0 + 1)).toBe(false);
    throttle.recordFailure('ada@example.com', T0 + 30_000);
    expect(throttle.isBlocked('ada@example.com', T0 + 30_001)).toBe(true);
  });

  it('counts each account on its own', () => {
    const throttle = createLoginThrottle(3, WINDOW_MS);
    failTimes(throttle, 'ada@example.com', 3);
    expect(throttle.isBlocked('ada@example.com', T0)).toBe(true);
    expect(throttle.isBlocked('bob@example.com', T0)).toBe(false);
  });

  it('lifts the block once the window has passed, and counts afresh', () => {
    const throttle = createLoginThrottle(3, WINDOW_MS);
    failTimes(throttle, 'ada@example.com', 3);
    expect(throttle.isBlocked('ada@example.com', T0 + WINDOW_MS - 1)).toBe(true);
    expect(throttle.isBlocked('ada@example.com', T0 + WINDOW_MS)).toBe(false);
    failTimes(throttle, 'ada@example.com', 2, T0 + WINDOW_MS);
    expect(throttle.isBlocked('ada@example.com', T0 + WINDOW_MS + 1)).toBe(false);
  });

  it('forgets the failures on reset()', () => {
    const throttle = createLoginThrottle(3, WINDOW_MS);
    failTimes(throttle, 'ada@example.com', 3);
    throttle.reset('ada@example.com');
    expect(throttle.isBlocked('ada@example.com', T0)).toBe(false);
    failTimes(throttle, 'ada@example.com', 2);
    expect(throttle.isBlocked('ada@example.com', T0)).toBe(false);
  });

  it('defaults to the shared limits (10 failures per 15 minutes)', () => {
    const throttle = createLoginThrottle();
    const { failedLoginsPerAccount, failedLoginWindowMinutes } = LIMITS.auth;
    failTimes(throttle, 'ada@example.com', failedLoginsPerAccount - 1);
    expect(throttle.isBlocked('ada@example.com', T0)).toBe(false);
    throttle.recordFailure('ada@example.com', T0);
    expect(throttle.isBlocked('ada@example.com', T0 + failedLoginWindowMinutes * 60_000 - 1)).toBe(true);
    expect(throttle.isBlocked('ada@example.com', T0 + failedLoginWindowMinutes * 60_000)).toBe(false);
  });
});
