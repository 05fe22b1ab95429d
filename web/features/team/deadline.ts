import { LIMITS } from '../../../shared/limits.ts';

const MINUTE_MS = 60_000;

/** The earliest deadline the picker offers: now + 5 minutes (SPEC.md section 9). */
export function earliestDeadline(now: number): number {
  return now + LIMITS.team.deadlineMinMinutes * MINUTE_MS;
}

/** A moment as the value of `<input type="datetime-local">` (local time, minutes precision). */
export function toDateTimeLocal(time: number | string): string {
  const date = new Date(time);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The input's local value as an ISO timestamp with offset (Z), or null for an empty or invalid value. */
export function dateTimeLocalToIso(value: string): string | null {
  if (!value) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** Too soon by the client's clock; the server keeps a minute of grace for typing and clock skew. */
export function isDeadlineTooSoon(iso: string, now: number): boolean {
  return new Date(iso).getTime() < earliestDeadline(now) - MINUTE_MS;
}
