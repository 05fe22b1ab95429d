import { LIMITS } from '../../../shared/limits.ts';

/**
 * Counts failed logins per account in a fixed window, so a password cannot be guessed by
 * spreading attempts over many IPs. In memory: each instance keeps its own count.
 */
export function createLoginThrottle(
  maxFailures: number = LIMITS.auth.failedLoginsPerAccount,
  windowMs: number = LIMITS.auth.failedLoginWindowMinutes * 60_000,
) {
  const failures = new Map<string, { count: number; windowStart: number }>();

  function current(key: string, now: number) {
    const entry = failures.get(key);
    if (!entry || now - entry.windowStart >= windowMs) return undefined;
    return entry;
  }

  return {
    /** Seconds until the account may try again, or 0 when it is not blocked. */
    blockedForSeconds(key: string, now = Date.now()): number {
      const entry = current(key, now);
      if (!entry || entry.count < maxFailures) return 0;
      return Math.ceil((entry.windowStart + windowMs - now) / 1000);
    },
    isBlocked(key: string, now = Date.now()): boolean {
      return (current(key, now)?.count ?? 0) >= maxFailures;
    },
    recordFailure(key: string, now = Date.now()): void {
      const entry = current(key, now);
      if (entry) entry.count += 1;
      else failures.set(key, { count: 1, windowStart: now });
      if (failures.size > 100_000) failures.clear(); // bound memory under a spraying attack
    },
    reset(key: string): void {
      failures.delete(key);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
