import { useCallback, useState } from 'react';
import { useAuthStore } from './auth-store.ts';

/** Where a disclosure's state is kept: per disclosure and per signed-in user, on this device. */
export function rememberedOpenKey(name: string, userId: number | null): string {
  return `open:${name}:${userId ?? 'guest'}`;
}

function readOpen(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false; // storage blocked: start closed, as for a first visit
  }
}

/**
 * Open state of a disclosure that starts closed and stays as the user left it (e.g. "Explore the
 * result"): someone who explores every time should not have to open it every time.
 */
export function useRememberedOpen(name: string): [boolean, (open: boolean) => void] {
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const key = rememberedOpenKey(name, userId);
  const [state, setState] = useState(() => ({ key, open: readOpen(key) }));
  // Another user signed in on this tab: their own remembered state, not the previous user's.
  const open = state.key === key ? state.open : readOpen(key);
  const setOpen = useCallback(
    (next: boolean) => {
      setState({ key, open: next });
      try {
        if (next) localStorage.setItem(key, '1');
        else localStorage.removeItem(key);
      } catch {
        // storage blocked: the state still holds for this page
      }
    },
    [key],
  );
  return [open, setOpen];
}
