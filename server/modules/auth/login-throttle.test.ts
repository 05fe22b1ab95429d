import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/limits.ts';
import { createRateLimitCounters } from '../../db/rate-limit-counters.ts';
import { latestDatabase } from '../../test/migration-db.ts';
import { createLoginThrottle, type LoginThrottleOptions } from './login-throttle.ts';

const WINDOW_MS = 60_000;
const T0 = 1_700_000_000_000;
const VICTIM = 'ada@example.com';
const HOME = '198.51.100.7';
const ATTACKER = '10.0.0.1';

/**
 * A throttle on the shared counters of a fresh database (SQLite, or PostgreSQL with DATABASE_URL), on
 * a clock the test moves by hand. `second` is another instance's throttle on the same database.
 */
async function throttleAt(options: Omit<LoginThrottleOptions, 'counters'> = {}) {
  const handle = await latestDatabase();
  const counters = createRateLimitCounters(handle.db);
  const clock = { now: T0 };
  const make = () => createLoginThrottle({ counters, clock: () => clock.now, ...options });
  const throttle = make();
  const fail = async (times: number, account = VICTIM, address = ATTACKER) => {
    for (let i = 0; i < times; i += 1) await throttle.recordFailure(account, address);
  };
  const rows = async () =>
    (await handle.db.selectFrom('rate_limit_counters').select('key').orderBy('key').execute()).map(
      (row) => row.key,
    );
  return { throttle, second: make(), clock, fail, counters, rows };
}

describe('login throttle: per (account, address)', () => {
  it('refuses an address for an account after N failures, until the window ends', async () => {
    const { throttle, clock, fail } = await throttleAt({
      perAddress: 3,
      perAccount: 100,
      windowMs: WINDOW_MS,
    });
    await fail(2);
    expect(await throttle.check(VICTIM, ATTACKER)).toEqual({ ok: true });
    clock.now += 30_000;
    await fail(1);
    expect(await throttle.check(VICTIM, ATTACKER)).toEqual({
      ok: false,
      reason: 'ADDRESS_LOCKED',
      retryAfterSeconds: 30,
    });
    clock.now = T0 + WINDOW_MS - 1;
    expect((await throttle.check(VICTIM, ATTACKER)).ok).toBe(false);
    clock.now = T0 + WINDOW_MS;
    expect(await throttle.check(VICTIM, ATTACKER)).toEqual({ ok: true });
    await fail(2);
    expect(await throttle.check(VICTIM, ATTACKER)).toEqual({ ok: true });
  });

  it('leaves the owner at another address alone, and other accounts at the same address', async () => {
    const { throttle, fail } = await throttleAt({ perAddress: 3, perAccount: 100 });
    await fail(3);
    expect((await throttle.check(VICTIM, ATTACKER)).ok).toBe(false);
    expect(await throttle.check(VICTIM, HOME)).toEqual({ ok: true });
    expect(await throttle.check('bob@example.com', ATTACKER)).toEqual({ ok: true });
  });

  it('a success clears only that address’s count', async () => {
    const { throttle, fail } = await throttleAt({ perAddress: 3, perAccount: 100 });
    await fail(2, VICTIM, HOME);
    await fail(3, VICTIM, ATTACKER);
    await throttle.recordSuccess(VICTIM, HOME);
    await fail(2, VICTIM, HOME);
    expect(await throttle.check(VICTIM, HOME)).toEqual({ ok: true });
    expect((await throttle.check(VICTIM, ATTACKER)).ok).toBe(false);
  });

  it('defaults to the shared limits (10 failures per address, 15 minutes)', async () => {
    const { throttle, clock, fail } = await throttleAt();
    const { failedLoginsPerAddress, failedLoginWindowMinutes } = LIMITS.auth;
    await fail(failedLoginsPerAddress - 1);
    expect(await throttle.check(VICTIM, ATTACKER)).toEqual({ ok: true });
    await fail(1);
    expect(await throttle.check(VICTIM, ATTACKER)).toMatchObject({
      ok: false,
      reason: 'ADDRESS_LOCKED',
      retryAfterSeconds: failedLoginWindowMinutes * 60,
    });
    expect(await throttle.check(VICTIM, HOME)).toEqual({ ok: true });
    clock.now += failedLoginWindowMinutes * 60_000;
    expect(await throttle.check(VICTIM, ATTACKER)).toEqual({ ok: true });
  });
});

describe('login throttle: per account over all addresses', () => {
  it('below the account threshold, failures from many addresses never stop the owner', async () => {
    const { throttle, fail } = await throttleAt();
    for (let i = 0; i < LIMITS.auth.failedLoginsPerAccount - 1; i += 1) await fail(1, VICTIM, `10.1.0.${i}`);
    expect(await throttle.check(VICTIM, HOME)).toEqual({ ok: true });
  });

  it('at the threshold every address waits a delay that doubles per failure, capped, never a long lock', async () => {
    const { throttle, clock, fail } = await throttleAt({
      perAddress: 1000,
      perAccount: 5,
      firstDelayMs: 1000,
      maxDelayMs: 30_000,
      windowMs: 15 * 60_000,
    });
    await fail(4);
    expect(await throttle.check(VICTIM, HOME)).toEqual({ ok: true });

    const waits: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      await fail(1);
      const verdict = await throttle.check(VICTIM, HOME);
      expect(verdict).toMatchObject({ ok: false, reason: 'ACCOUNT_DELAYED' });
      const seconds = verdict.ok ? 0 : verdict.retryAfterSeconds;
      waits.push(seconds);
      clock.now += seconds * 1000 - 1;
      expect((await throttle.check(VICTIM, HOME)).ok).toBe(false);
      clock.now += 1;
      expect(await throttle.check(VICTIM, HOME)).toEqual({ ok: true });
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 30, 30, 30]);
  });

  it('defaults to the shared limits (100 failures, 1 s doubling up to 30 s)', async () => {
    const { throttle, fail } = await throttleAt();
    const { failedLoginsPerAccount, accountDelaySeconds } = LIMITS.auth;
    for (let i = 0; i < failedLoginsPerAccount; i += 1) await fail(1, VICTIM, `10.2.${i >> 8}.${i & 255}`);
    expect(await throttle.check(VICTIM, HOME)).toEqual({
      ok: false,
      reason: 'ACCOUNT_DELAYED',
      retryAfterSeconds: accountDelaySeconds.first,
    });
    await fail(10, VICTIM, '10.3.0.1');
    expect(await throttle.check(VICTIM, HOME)).toMatchObject({ retryAfterSeconds: accountDelaySeconds.max });
  });
});

describe('login throttle: shared by instances, bounded by the purge', () => {
  it('counts the failures seen by every instance on the database together', async () => {
    const { throttle, second } = await throttleAt({ perAddress: 4, perAccount: 100 });
    await throttle.recordFailure(VICTIM, ATTACKER);
    await second.recordFailure(VICTIM, ATTACKER);
    await throttle.recordFailure(VICTIM, ATTACKER);
    expect(await second.check(VICTIM, ATTACKER)).toEqual({ ok: true });
    await second.recordFailure(VICTIM, ATTACKER);
    expect(await throttle.check(VICTIM, ATTACKER)).toMatchObject({ ok: false, reason: 'ADDRESS_LOCKED' });
    expect(await second.check(VICTIM, ATTACKER)).toMatchObject({ ok: false, reason: 'ADDRESS_LOCKED' });
    // A success on one instance clears the address for all of them.
    await second.recordSuccess(VICTIM, ATTACKER);
    expect(await throttle.check(VICTIM, ATTACKER)).toEqual({ ok: true });
  });

  it('spraying fresh keys never resets a locked address: nothing is evicted early', async () => {
    const { throttle, fail } = await throttleAt({ perAddress: 3, perAccount: 1000 });
    await fail(3);
    for (let i = 0; i < 300; i += 1) await throttle.recordFailure(`spray-${i}@example.com`, '10.9.9.9');
    expect(await throttle.check(VICTIM, ATTACKER)).toMatchObject({ ok: false, reason: 'ADDRESS_LOCKED' });
  });

  it('the purge drops exactly the counts whose window ended', async () => {
    const { throttle, clock, fail, counters, rows } = await throttleAt({ perAddress: 3, perAccount: 1000 });
    await fail(3); // hot: locked
    clock.now += WINDOW_MS;
    await fail(1, 'late@example.com', '10.9.9.9');
    expect(await rows()).toHaveLength(4);

    clock.now = T0 + LIMITS.auth.failedLoginWindowMinutes * 60_000;
    expect(await counters.purgeExpired(clock.now)).toBe(2);
    expect(await rows()).toEqual(['login:account:late@example.com', 'login:pair:late@example.com\n10.9.9.9']);
    expect(await throttle.check(VICTIM, ATTACKER)).toEqual({ ok: true });
    await fail(2, 'late@example.com', '10.9.9.9');
    expect((await throttle.check('late@example.com', '10.9.9.9')).ok).toBe(false);
  });
});
