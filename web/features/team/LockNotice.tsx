import type { ReactNode } from 'react';
import { Lock } from 'lucide-react';

/** A calm, non-blocking notice about why inputs are disabled. */
export function LockNotice({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100">
      <Lock aria-hidden size={16} className="mt-0.5 shrink-0" />
      {children}
    </p>
  );
}
