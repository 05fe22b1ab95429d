import type { ReactNode } from 'react';

/** A short failure inside a card (e.g. a part of the page that did not load), announced at once. */
export function InlineAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="text-sm text-red-700 dark:text-red-400">
      {children}
    </p>
  );
}
