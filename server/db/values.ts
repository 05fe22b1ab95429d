import type { Timestamp } from './schema.ts';

/** Timestamps are written as ISO 8601 UTC strings: sortable text on SQLite, parsed by PostgreSQL. */
export function isoNow(offsetMs = 0): string {
  return new Date(Date.now() + offsetMs).toISOString();
}

/** Normalises a timestamp read from either engine to the same ISO string. */
export function toIsoString(value: Timestamp): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
