/**
 * A small iCalendar (RFC 5545) writer: just what the calendar feed and the "Add to calendar" file need.
 * Times are written in UTC with `Z` (no VTIMEZONE needed), all-day events as `VALUE=DATE`, texts
 * escaped (section 3.3.11), lines folded at 75 octets without splitting a UTF-8 character (3.1), and
 * every line ends with CRLF.
 */

export interface IcsEvent {
  /** Stable across requests, so a subscribed calendar updates the event instead of adding another. */
  uid: string;
  /** DTSTAMP: when the event's data last changed. */
  stamp: Date;
  /** A moment (written in UTC) or a whole day (YYYY-MM-DD, an all-day event). */
  start: { at: Date } | { day: string };
  summary: string;
  description?: string | undefined;
  url?: string | undefined;
}

export interface IcsCalendar {
  /** PRODID, e.g. `-//Decision Compass//Calendar//EN`. */
  productId: string;
  /** The calendar's name in clients that show one (RFC 7986 NAME and the common X-WR-CALNAME). */
  name?: string | undefined;
  /** How often a subscribing client should fetch again (RFC 7986 REFRESH-INTERVAL), in minutes. */
  refreshMinutes?: number | undefined;
  events: readonly IcsEvent[];
}

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

// Control characters other than HTAB are not allowed in TEXT (3.3.11); line breaks are escaped first.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** A TEXT value: backslash, semicolon, comma and line breaks escaped, other control characters dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(CONTROL, '');
}

/**
 * One content line folded into lines of at most 75 octets, each continuation starting with a space
 * (which counts toward its 75). A character is never split across lines, so each line stays valid UTF-8.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    if (octets + size > MAX_LINE_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF);
}

/** 2030-03-01T09:05:00.000Z → 20300301T090500Z (UTC, seconds precision). */
export function formatUtcDateTime(moment: Date): string {
  return moment
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** 2030-03-01 → 20300301. */
function formatDate(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a day: ${day}`);
  return day.replace(/-/g, '');
}

/** The day after (YYYY-MM-DD): an all-day event's DTEND is exclusive. */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function eventLines(event: IcsEvent): string[] {
  const lines = ['BEGIN:VEVENT', `UID:${escapeText(event.uid)}`, `DTSTAMP:${formatUtcDateTime(event.stamp)}`];
  if ('at' in event.start) lines.push(`DTSTART:${formatUtcDateTime(event.start.at)}`);
  else
    lines.push(
      `DTSTART;VALUE=DATE:${formatDate(event.start.day)}`,
      `DTEND;VALUE=DATE:${formatDate(nextDay(event.start.day))}`,
      // A day to remember, not a busy day.
      'TRANSP:TRANSPARENT',
    );
  lines.push(`SUMMARY:${escapeText(event.summary)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  // URL is a URI value, not TEXT: written as it is (the links are built from APP_URL and an id).
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push('END:VEVENT');
  return lines;
}

/** The whole VCALENDAR object as the text of an .ics file. */
export function serializeCalendar(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeText(calendar.productId)}`,
    'CALSCALE:GREGORIAN',
  ];
  if (calendar.name)
    lines.push(`NAME:${escapeText(calendar.name)}`, `X-WR-CALNAME:${escapeText(calendar.name)}`);
  if (calendar.refreshMinutes)
    lines.push(
      `REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshMinutes}M`,
      `X-PUBLISHED-TTL:PT${calendar.refreshMinutes}M`,
    );
  for (const event of calendar.events) lines.push(...eventLines(event));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
