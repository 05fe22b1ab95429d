import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

const THEME_STORAGE_KEY = 'theme';
const listeners = new Set<() => void>();

// public/theme-init.js sets the initial class before paint; the <html> class is the source of truth.
function readTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

export function setTheme(theme: Theme): void {
  localStorage.setItem(THEME_STORAGE_KEY, theme);
  document.documentElement.classList.toggle('dark', theme === 'dark');
  listeners.forEach((notify) => notify());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Prerendered pages are rendered light (theme-init.js still paints them dark when chosen); hydration
// renders the same, then the toggle follows the <html> class.
const prerenderedTheme = (): Theme => 'light';

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, readTheme, prerenderedTheme);
}
