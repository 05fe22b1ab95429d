import { LIMITS } from '../../../shared/limits.ts';
import type { RateLimitCounters } from '../../db/rate-limit-counters.ts';

export interface LoginThrottleOptions {
  /** Where failures are counted: the database, so every instance sees every failure. */
  counters: Pick<RateLimitCounters, 'hitMany' | 'live' | 'remove'>;
  /** Failed logins per (account, address) before that address is refused for the account. */
  perAddress?: number;
  /** Failed logins per account, over all addresses, before every attempt waits a growing delay. */
  perAccount?: number;
  windowMs?: number;
  firstDelayMs?: number;
  maxDelayMs?: number;
  clock?: () => number;
}

export type LoginVerdict =
  | { ok: true }
  /** This address used up its guesses for this account: refused until the window ends. */
  | { ok: false; reason: 'ADDRESS_LOCKED'; retryAfterSeconds: number }
  /** The account is under attack from many addresses: everyone waits a short, growing delay. */
  | { ok: false; reason: 'ACCOUNT_DELAYED'; retryAfterSeconds: number };

/**
 * Slows password guessing without letting a stranger lock the owner out. Failures are counted per
 * (account, client address): after `perAddress` of them that address is refused for that account until
 * the window ends. A correct password from another address still works. Only when an account collects
 * `perAccount` failures over all addresses (a distributed attack) does every attempt wait, and then a
 * short delay that doubles with each further failure up to `maxDelayMs`, never a long lock.
 *
 * The counts are fixed windows in `rate_limit_counters`, shared by every instance on the database.
 * The table stays bounded: nothing is evicted early (so spraying fresh keys cannot reset a key being
 * hammered), and the scheduler's rate-limit job deletes the rows whose window ended.
 */
export function createLoginThrottle(options: LoginThrottleOptions) {
  const {
    counters,
    perAddress = LIMITS.auth.failedLoginsPerAddress,
    perAccount = LIMITS.auth.failedLoginsPerAccount,
    windowMs = LIMITS.auth.failedLoginWindowMinutes * 60_000,
    firstDelayMs = LIMITS.auth.accountDelaySeconds.first * 1000,
    maxDelayMs = LIMITS.auth.accountDelaySeconds.max * 1000,
    clock = Date.now,
  } = options;
  // A newline cannot occur in a normalised e-mail, so the pair key is unambiguous.
  const pairKey = (account: string, address: string) => `login:pair:${account}\n${address}`;
  const accountKey = (account: string) => `login:account:${account}`;
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  return {
    async check(account: string, address: string): Promise<LoginVerdict> {
      const now = clock();
      const live = await counters.live([pairKey(account, address), accountKey(account)], now);
      const pair = live.get(pairKey(account, address));
      if (pair && pair.count >= perAddress) {
        return { ok: false, reason: 'ADDRESS_LOCKED', retryAfterSeconds: seconds(pair.resetAt - now) };
      }
      const total = live.get(accountKey(account));
      if (total && total.count >= perAccount) {
        const delayMs = Math.min(maxDelayMs, firstDelayMs * 2 ** (total.count - perAccount));
        const waitMs = total.lastHitAt + delayMs - now;
        if (waitMs > 0) return { ok: false, reason: 'ACCOUNT_DELAYED', retryAfterSeconds: seconds(waitMs) };
      }
      return { ok: true };
    },

    async recordFailure(account: string, address: string): Promise<void> {
      await counters.hitMany([pairKey(account, address), accountKey(account)], windowMs, clock());
    },

    /**
     * The owner proved the password from this address: its count starts afresh. The account-wide
     * count stays, so a success in between does not hand a distributed guesser a fresh budget.
     */
    async recordSuccess(account: string, address: string): Promise<void> {
      await counters.remove(pairKey(account, address));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
