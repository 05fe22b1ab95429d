import type { Timestamp } from './schema.ts';

/** Timestamps are written as ISO 8601 UTC strings: sortable text on SQLite, parsed by PostgreSQL. */
export function isoNow(offsetMs = 0): string {
  return new Date(Date.now() + offsetMs).toISOString();
}

/**
 * Now and `durationMs` later from one reading of the clock: two `isoNow` calls can straddle a
 * millisecond, and a token would then live 1 ms longer than its limit says.
 */
export function isoPeriod(durationMs: number): { now: string; expiresAt: string } {
  const now = Date.now();
  return { now: new Date(now).toISOString(), expiresAt: new Date(now + durationMs).toISOString() };
}

/** Normalises a timestamp read from either engine to the same ISO string. */
export function toIsoString(value: Timestamp): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
