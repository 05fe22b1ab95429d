/**
 * Unsaved form input kept in the browser until it is saved or discarded (issue 25: nothing lost on a
 * reload). One entry per user, page and decision, so another account on the same browser never sees it.
 */

const KEY_PREFIX = 'draft:v1';

export interface DraftAddress {
  userId: number;
  /** Which form: "new-decision", "edit-decision", "team-vote", "team-setup". */
  page: string;
  /** The decision the form edits; none on New decision. */
  decisionId?: number | null | undefined;
}

/** The part of `Storage` the drafts use, so tests can pass a map. */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function draftStorageKey({ userId, page, decisionId }: DraftAddress): string {
  return `${KEY_PREFIX}:${userId}:${page}:${decisionId ?? 'new'}`;
}

/** The stored values, or null when there are none or they cannot be read (then they are dropped). */
export function readDraft<Values extends object>(storage: DraftStorage, key: string): Values | null {
  const text = storage.getItem(key);
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'values' in parsed) {
      const { values } = parsed;
      if (typeof values === 'object' && values !== null && !Array.isArray(values)) return values as Values;
    }
  } catch {
    // Falls through: a damaged entry is removed rather than restored.
  }
  storage.removeItem(key);
  return null;
}

/** Stores the values; a full or blocked storage only means the draft is not kept. */
export function writeDraft(storage: DraftStorage, key: string, values: object): void {
  try {
    storage.setItem(key, JSON.stringify({ savedAt: new Date().toISOString(), values }));
  } catch {
    // Quota exceeded or storage disabled: typing goes on, only the reload safety net is missing.
  }
}

export function removeDraft(storage: DraftStorage, key: string): void {
  storage.removeItem(key);
}

/** Whether two form states hold the same input (plain JSON data, so their JSON is compared). */
export function isSameInput(first: unknown, second: unknown): boolean {
  return JSON.stringify(first ?? null) === JSON.stringify(second ?? null);
}

/** The browser's localStorage, or null where there is none (private modes that refuse it, prerendering). */
export function browserDraftStorage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
