import { LIMITS } from '../../../shared/limits.ts';

export interface LoginThrottleOptions {
  /** Failed logins per (account, address) before that address is refused for the account. */
  perAddress?: number;
  /** Failed logins per account, over all addresses, before every attempt waits a growing delay. */
  perAccount?: number;
  windowMs?: number;
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** Entries per table; beyond it the stalest entries are evicted (never the whole table). */
  maxEntries?: number;
  clock?: () => number;
}

export type LoginVerdict =
  | { ok: true }
  /** This address used up its guesses for this account: refused until the window ends. */
  | { ok: false; reason: 'ADDRESS_LOCKED'; retryAfterSeconds: number }
  /** The account is under attack from many addresses: everyone waits a short, growing delay. */
  | { ok: false; reason: 'ACCOUNT_DELAYED'; retryAfterSeconds: number };

interface FailureEntry {
  count: number;
  windowStart: number;
  lastFailureAt: number;
}

// When the table is full it is pruned down to this share of its bound, so pruning runs rarely.
const PRUNE_TO = 0.9;

/**
 * Failure counts in fixed windows, bounded in size. When full, one pass drops the expired entries and,
 * if that is not enough, the entries with the fewest failures, oldest first. So spraying
 * fresh keys (one failure each) can never push out a key that is being hammered, and the table is never
 * emptied at once (which would hand an attacker a fresh budget).
 */
function createFailureTable(windowMs: number, maxEntries: number) {
  const entries = new Map<string, FailureEntry>();
  const isExpired = (entry: FailureEntry, now: number) => now - entry.windowStart >= windowMs;

  function live(key: string, now: number): FailureEntry | undefined {
    const entry = entries.get(key);
    return entry && !isExpired(entry, now) ? entry : undefined;
  }

  /** Two linear passes, no sort: a Map iterates in insertion order, i.e. oldest window first. */
  function prune(now: number): void {
    const perCount = new Map<number, number>();
    for (const [key, entry] of entries) {
      if (isExpired(entry, now)) entries.delete(key);
      else perCount.set(entry.count, (perCount.get(entry.count) ?? 0) + 1);
    }
    const excess = entries.size - Math.floor(maxEntries * PRUNE_TO);
    if (excess <= 0) return;
    // The smallest count `cutoff` such that dropping every entry at or below it frees enough room.
    let cutoff = 0;
    let below = 0;
    for (const count of [...perCount.keys()].sort((a, b) => a - b)) {
      cutoff = count;
      if (below + perCount.get(count)! >= excess) break;
      below += perCount.get(count)!;
    }
    let atCutoff = excess - below;
    for (const [key, entry] of entries) {
      if (entry.count < cutoff) entries.delete(key);
      else if (entry.count === cutoff && atCutoff > 0) {
        entries.delete(key);
        atCutoff -= 1;
      }
    }
  }

  return {
    live,
    add(key: string, now: number): void {
      const entry = live(key, now);
      if (entry) {
        entry.count += 1;
        entry.lastFailureAt = now;
        return;
      }
      if (entries.size >= maxEntries) prune(now);
      entries.set(key, { count: 1, windowStart: now, lastFailureAt: now });
    },
    delete(key: string): void {
      entries.delete(key);
    },
    get size(): number {
      return entries.size;
    },
  };
}

/**
 * Slows password guessing without letting a stranger lock the owner out. Failures are counted per
 * (account, client address): after `perAddress` of them that address is refused for that account until
 * the window ends. A correct password from another address still works. Only when an account collects
 * `perAccount` failures over all addresses (a distributed attack) does every attempt wait, and then a
 * short delay that doubles with each further failure up to `maxDelayMs`, never a long lock.
 * In memory: each instance keeps its own counts.
 */
export function createLoginThrottle(options: LoginThrottleOptions = {}) {
  const {
    perAddress = LIMITS.auth.failedLoginsPerAddress,
    perAccount = LIMITS.auth.failedLoginsPerAccount,
    windowMs = LIMITS.auth.failedLoginWindowMinutes * 60_000,
    firstDelayMs = LIMITS.auth.accountDelaySeconds.first * 1000,
    maxDelayMs = LIMITS.auth.accountDelaySeconds.max * 1000,
    maxEntries = LIMITS.auth.failureTableEntries,
    clock = Date.now,
  } = options;
  const byAddress = createFailureTable(windowMs, maxEntries);
  const byAccount = createFailureTable(windowMs, maxEntries);
  // A newline cannot occur in a normalised e-mail, so the pair key is unambiguous.
  const pairKey = (account: string, address: string) => `${account}\n${address}`;
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  return {
    check(account: string, address: string): LoginVerdict {
      const now = clock();
      const pair = byAddress.live(pairKey(account, address), now);
      if (pair && pair.count >= perAddress) {
        const retryAfterSeconds = seconds(pair.windowStart + windowMs - now);
        return { ok: false, reason: 'ADDRESS_LOCKED', retryAfterSeconds };
      }
      const total = byAccount.live(account, now);
      if (total && total.count >= perAccount) {
        const delayMs = Math.min(maxDelayMs, firstDelayMs * 2 ** (total.count - perAccount));
        const waitMs = total.lastFailureAt + delayMs - now;
        if (waitMs > 0) return { ok: false, reason: 'ACCOUNT_DELAYED', retryAfterSeconds: seconds(waitMs) };
      }
      return { ok: true };
    },

    recordFailure(account: string, address: string): void {
      const now = clock();
      byAddress.add(pairKey(account, address), now);
      byAccount.add(account, now);
    },

    /**
     * The owner proved the password from this address: its count starts afresh. The account-wide
     * count stays, so a success in between does not hand a distributed guesser a fresh budget.
     */
    recordSuccess(account: string, address: string): void {
      byAddress.delete(pairKey(account, address));
    },

    /** Entries held (for tests of the memory bound). */
    get size(): { byAddress: number; byAccount: number } {
      return { byAddress: byAddress.size, byAccount: byAccount.size };
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
