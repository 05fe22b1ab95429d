import { useSyncExternalStore } from 'react';

/**
 * The navbar's workspace switcher (issue 29): "Personal" (decisions outside any workspace) or one
 * workspace. Remembered per account in localStorage, so the dashboard shows the same after a reload.
 */
export type WorkspaceChoice = 'personal' | number;

export interface ChoiceStorage {
  getItem: (key: string) => string | null;
  setItem: (key: string, value: string) => void;
  removeItem: (key: string) => void;
}

export function choiceStorageKey(userId: number | null | undefined): string {
  return `workspaceChoice:${userId ?? 'anonymous'}`;
}

/** A stored value as a choice; anything unreadable is "Personal". */
export function parseChoice(raw: string | null | undefined): WorkspaceChoice {
  if (raw && /^[1-9]\d{0,15}$/.test(raw)) return Number(raw);
  return 'personal';
}

export function readChoice(storage: ChoiceStorage, userId: number | null | undefined): WorkspaceChoice {
  try {
    return parseChoice(storage.getItem(choiceStorageKey(userId)));
  } catch {
    return 'personal';
  }
}

export function writeChoice(
  storage: ChoiceStorage,
  userId: number | null | undefined,
  choice: WorkspaceChoice,
): void {
  try {
    if (choice === 'personal') storage.removeItem(choiceStorageKey(userId));
    else storage.setItem(choiceStorageKey(userId), String(choice));
  } catch {
    // Storage full or blocked: the choice holds for this page view only.
  }
}

/**
 * The remembered choice against the caller's workspaces: one the caller no longer belongs to (left,
 * removed, deleted) is "Personal" once the list is known; while it loads the choice stands.
 */
export function resolveChoice(
  choice: WorkspaceChoice,
  workspaces: readonly { id: number }[] | undefined,
): WorkspaceChoice {
  if (choice === 'personal' || workspaces === undefined) return choice;
  return workspaces.some((workspace) => workspace.id === choice) ? choice : 'personal';
}

/** GET /api/decision's `workspace_id` for a choice: "none" for Personal. */
export function workspaceFilterParam(choice: WorkspaceChoice): string {
  return choice === 'personal' ? 'none' : String(choice);
}

/** The select's value and back. */
export function choiceValue(choice: WorkspaceChoice): string {
  return choice === 'personal' ? 'personal' : String(choice);
}

// One shared value for the tab: the navbar writes it, the dashboard and the forms read it.
const listeners = new Set<() => void>();
let current: { userId: number | null | undefined; choice: WorkspaceChoice } | null = null;

function browserStorage(): ChoiceStorage | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

function choiceFor(userId: number | null | undefined): WorkspaceChoice {
  if (current !== null && current.userId === userId) return current.choice;
  const storage = browserStorage();
  const choice = storage ? readChoice(storage, userId) : 'personal';
  current = { userId, choice };
  return choice;
}

export function chooseWorkspace(userId: number | null | undefined, choice: WorkspaceChoice): void {
  current = { userId, choice };
  const storage = browserStorage();
  if (storage) writeChoice(storage, userId, choice);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The remembered choice of this account (not yet checked against its workspaces). */
export function useStoredWorkspaceChoice(userId: number | null | undefined): WorkspaceChoice {
  return useSyncExternalStore(
    subscribe,
    () => choiceFor(userId),
    () => 'personal',
  );
}
