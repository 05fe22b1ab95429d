import type { HistoryEntry, HistoryPage } from './history-types.ts';

/** The history's pages as one list, newest first; an entry that two pages both hold appears once. */
export function mergeHistoryPages(pages: readonly Pick<HistoryPage, 'entries'>[]): HistoryEntry[] {
  const seen = new Set<number>();
  const merged: HistoryEntry[] = [];
  for (const page of pages) {
    for (const entry of page.entries) {
      if (seen.has(entry.id)) continue;
      seen.add(entry.id);
      merged.push(entry);
    }
  }
  // The server pages by id, newest first; the same order here whatever order the pages arrived in.
  return merged.sort((a, b) => b.id - a.id);
}

/** The `before` of the next page, or undefined (TanStack Query's "no more pages") on the last one. */
export function nextHistoryCursor(page: Pick<HistoryPage, 'next_before'>): number | undefined {
  return page.next_before ?? undefined;
}

/** YYYY-MM-DD of a moment in the given time zone (the reader's, unless a test fixes one). */
export function dayKeyOf(iso: string, timeZone?: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

export interface HistoryDay {
  /** YYYY-MM-DD in the reader's time zone. */
  day: string;
  /** "today" and "yesterday" get a word of their own; other days their date. */
  relative: 'today' | 'yesterday' | null;
  entries: HistoryEntry[];
}

function previousDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const noon = new Date(Date.UTC(year, month - 1, date, 12));
  noon.setUTCDate(noon.getUTCDate() - 1);
  return noon.toISOString().slice(0, 10);
}

/**
 * The timeline's days, newest first, each with its entries newest first. Days are the reader's
 * calendar days: an entry at 23:30 UTC belongs to the next day in Berlin.
 */
export function groupHistoryByDay(
  entries: readonly HistoryEntry[],
  now: Date,
  timeZone?: string,
): HistoryDay[] {
  const today = dayKeyOf(now.toISOString(), timeZone);
  const yesterday = previousDay(today);
  const days: HistoryDay[] = [];
  for (const entry of entries) {
    const day = dayKeyOf(entry.at, timeZone);
    const last = days.at(-1);
    if (last?.day === day) {
      last.entries.push(entry);
      continue;
    }
    const existing = days.find((candidate) => candidate.day === day);
    if (existing) {
      existing.entries.push(entry);
      continue;
    }
    days.push({
      day,
      relative: day === today ? 'today' : day === yesterday ? 'yesterday' : null,
      entries: [entry],
    });
  }
  days.sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
  for (const group of days) group.entries.sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || b.id - a.id);
  return days;
}

/**
 * The save entries that offer "Show this version": one per version (a save records several entries
 * sharing its `version_id`; the newest of them carries the buttons).
 */
export function versionEntryIds(entries: readonly HistoryEntry[]): Set<number> {
  const seenVersions = new Set<number>();
  const ids = new Set<number>();
  for (const entry of entries) {
    if (entry.version_id === null || seenVersions.has(entry.version_id)) continue;
    seenVersions.add(entry.version_id);
    ids.add(entry.id);
  }
  return ids;
}
