import { describe, expect, it } from 'vitest';
import {
  choiceStorageKey,
  choiceValue,
  parseChoice,
  readChoice,
  resolveChoice,
  workspaceFilterParam,
  writeChoice,
  type ChoiceStorage,
} from './workspace-choice.ts';

function memoryStorage(
  entries: Record<string, string> = {},
): ChoiceStorage & { entries: Record<string, string> } {
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

describe('the remembered workspace choice', () => {
  it('is kept per account', () => {
    const storage = memoryStorage();
    writeChoice(storage, 1, 7);
    writeChoice(storage, 2, 9);
    expect(readChoice(storage, 1)).toBe(7);
    expect(readChoice(storage, 2)).toBe(9);
    expect(choiceStorageKey(1)).not.toBe(choiceStorageKey(2));
  });

  it('forgets the workspace when Personal is chosen', () => {
    const storage = memoryStorage();
    writeChoice(storage, 1, 7);
    writeChoice(storage, 1, 'personal');
    expect(storage.entries).toEqual({});
    expect(readChoice(storage, 1)).toBe('personal');
  });

  it('reads anything that is not a workspace id as Personal', () => {
    for (const raw of [null, '', 'personal', '0', '-3', '1.5', 'abc', '12abc'])
      expect(parseChoice(raw)).toBe('personal');
    expect(parseChoice('42')).toBe(42);
  });

  it('survives a storage that throws', () => {
    const broken: ChoiceStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readChoice(broken, 1)).toBe('personal');
    expect(() => writeChoice(broken, 1, 3)).not.toThrow();
  });

  it('falls back to Personal once the list shows the workspace is gone, not while it loads', () => {
    expect(resolveChoice(7, undefined)).toBe(7);
    expect(resolveChoice(7, [{ id: 7 }, { id: 8 }])).toBe(7);
    expect(resolveChoice(7, [{ id: 8 }])).toBe('personal');
    expect(resolveChoice(7, [])).toBe('personal');
    expect(resolveChoice('personal', [{ id: 7 }])).toBe('personal');
  });

  it('asks the decision list for workspace_id=none (Personal) or the id', () => {
    expect(workspaceFilterParam('personal')).toBe('none');
    expect(workspaceFilterParam(12)).toBe('12');
  });

  it('round-trips through the select', () => {
    expect(parseChoice(choiceValue(5))).toBe(5);
    expect(parseChoice(choiceValue('personal'))).toBe('personal');
  });
});
