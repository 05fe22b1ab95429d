import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, formatUtcDateTime, serializeCalendar, type IcsEvent } from './ics.ts';

const STAMP = new Date('2030-01-15T08:00:00.000Z');

function parsedEvents(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent)) };
}

const deadline = (overrides: Partial<IcsEvent> = {}): IcsEvent => ({
  uid: 'deadline-7@compass.example',
  stamp: STAMP,
  start: { at: new Date('2030-03-01T17:30:45.123Z') },
  summary: 'Voting closes: Offsite',
  description: 'Where do we go?',
  url: 'https://compass.example/team-decision/7',
  ...overrides,
});

describe('escapeText', () => {
  it('escapes backslashes, semicolons, commas and every kind of line break', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });
  it('drops control characters but keeps tabs', () => {
    expect(escapeText('bell\u0007 tab\there\u007f')).toBe('bell tab\there');
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets alone and folds the 76th onto a continuation starting with a space', () => {
    const exact = 'x'.repeat(75);
    expect(foldLine(exact)).toBe(exact);
    expect(foldLine(`${exact}y`)).toBe(`${exact}\r\n y`);
  });

  it('never splits a multi-byte character and keeps every line within 75 octets', () => {
    const line = `SUMMARY:${'ä€😀'.repeat(40)}`;
    const folded = foldLine(line).split('\r\n');
    for (const part of folded) {
      expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
      expect(Buffer.from(part, 'utf8').toString('utf8')).toBe(part);
      expect(part).not.toContain('\uFFFD');
    }
    expect(folded.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
  });
});

describe('formatUtcDateTime', () => {
  it('writes UTC with Z to the second', () => {
    expect(formatUtcDateTime(new Date('2030-03-01T17:30:45.999Z'))).toBe('20300301T173045Z');
  });
});

describe('serializeCalendar', () => {
  it('writes a calendar that ical.js reads back: UTC start, summary, description, URL and UID', () => {
    const text = serializeCalendar({
      productId: '-//Decision Compass//Calendar//EN',
      name: 'Decision Compass',
      refreshMinutes: 60,
      events: [deadline()],
    });
    const { calendar, events } = parsedEvents(text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Decision Compass//Calendar//EN');
    const [event] = events;
    expect(event!.uid).toBe('deadline-7@compass.example');
    expect(event!.summary).toBe('Voting closes: Offsite');
    expect(event!.description).toBe('Where do we go?');
    expect(event!.component.getFirstPropertyValue('url')).toBe('https://compass.example/team-decision/7');
    expect(event!.startDate.isDate).toBe(false);
    expect(event!.startDate.zone?.tzid).toBe('UTC');
    expect(event!.startDate.toJSDate().toISOString()).toBe('2030-03-01T17:30:45.000Z');
    expect(event!.component.getFirstPropertyValue('dtstamp')?.toString()).toBe('2030-01-15T08:00:00Z');
  });

  it('ends every line with CRLF and has no bare line feed', () => {
    const text = serializeCalendar({ productId: 'p', events: [deadline({ description: 'one\ntwo' })] });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('round-trips commas, semicolons, backslashes, line breaks and long texts', () => {
    const summary = `Voting closes: Rent, buy; or lease \\ ${'long name '.repeat(12)}`;
    const description = 'Line one,\nline two; with a\\backslash\r\nand ümlauts 😀 '.repeat(6);
    const text = serializeCalendar({ productId: 'p', events: [deadline({ summary, description })] });
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line, 'utf8') <= 75)).toBe(true);
    const [event] = parsedEvents(text).events;
    expect(event!.summary).toBe(summary);
    expect(event!.description).toBe(description.replace(/\r\n/g, '\n'));
  });

  it('writes a whole day as an all-day event ending the next day, also across a month end', () => {
    const text = serializeCalendar({
      productId: 'p',
      events: [
        deadline({ uid: 'review-7@x', start: { day: '2030-02-28' }, url: undefined, description: '' }),
      ],
    });
    expect(text).toContain('DTSTART;VALUE=DATE:20300228\r\n');
    expect(text).toContain('DTEND;VALUE=DATE:20300301\r\n');
    expect(text).not.toContain('DESCRIPTION');
    expect(text).not.toContain('URL:');
    const [event] = parsedEvents(text).events;
    expect(event!.startDate.isDate).toBe(true);
    expect(event!.startDate.toString()).toBe('2030-02-28');
    expect(event!.endDate.toString()).toBe('2030-03-01');
  });

  it('writes an empty calendar that still parses', () => {
    const { calendar, events } = parsedEvents(serializeCalendar({ productId: 'p', events: [] }));
    expect(calendar.name).toBe('vcalendar');
    expect(events).toHaveLength(0);
  });
});
