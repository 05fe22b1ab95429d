import { describe, expect, it } from 'vitest';
import {
  draftStorageKey,
  isSameInput,
  readDraft,
  removeDraft,
  writeDraft,
  type DraftStorage,
} from './draft-storage.ts';

function memoryStorage(
  entries: Record<string, string> = {},
): DraftStorage & { entries: Record<string, string> } {
  return {
    entries,
    getItem: (key) => entries[key] ?? null,
    setItem: (key, value) => {
      entries[key] = value;
    },
    removeItem: (key) => {
      delete entries[key];
    },
  };
}

describe('draftStorageKey', () => {
  it('separates users, pages and decisions', () => {
    const keys = [
      draftStorageKey({ userId: 1, page: 'new-decision' }),
      draftStorageKey({ userId: 2, page: 'new-decision' }),
      draftStorageKey({ userId: 1, page: 'edit-decision', decisionId: 7 }),
      draftStorageKey({ userId: 1, page: 'edit-decision', decisionId: 8 }),
      draftStorageKey({ userId: 1, page: 'team-vote', decisionId: 7 }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(draftStorageKey({ userId: 1, page: 'new-decision', decisionId: null })).toBe(keys[0]);
  });
});

describe('readDraft and writeDraft', () => {
  it('gives back what was written', () => {
    const storage = memoryStorage();
    writeDraft(storage, 'k', { name: 'Car', scores: { 'a|b': '7' } });
    expect(readDraft(storage, 'k')).toEqual({ name: 'Car', scores: { 'a|b': '7' } });
  });

  it('reads nothing where nothing was written, and nothing after removing', () => {
    const storage = memoryStorage();
    expect(readDraft(storage, 'k')).toBeNull();
    writeDraft(storage, 'k', { name: 'Car' });
    removeDraft(storage, 'k');
    expect(readDraft(storage, 'k')).toBeNull();
  });

  it.each(['not json', '"a string"', '{"values":[1]}', '{"other":{}}', 'null'])(
    'drops a damaged entry (%s) instead of restoring it',
    (text) => {
      const storage = memoryStorage({ k: text });
      expect(readDraft(storage, 'k')).toBeNull();
      expect(storage.entries).toEqual({});
    },
  );

  it('keeps typing going when the storage refuses to write', () => {
    const storage: DraftStorage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => writeDraft(storage, 'k', { name: 'Car' })).not.toThrow();
  });
});

describe('isSameInput', () => {
  it('compares the values, not the objects', () => {
    expect(isSameInput({ a: '1', b: ['x'] }, { a: '1', b: ['x'] })).toBe(true);
    expect(isSameInput({ a: '1' }, { a: '2' })).toBe(false);
    expect(isSameInput(undefined, null)).toBe(true);
  });
});
