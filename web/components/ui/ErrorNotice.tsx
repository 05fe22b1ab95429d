import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';

/** A failure shown in red in place of the content it replaces. */
export function ErrorNotice({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-4 rounded-2xl border border-red-200 bg-red-50 p-6 text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300"
    >
      <p className="flex items-start gap-3 font-medium">
        <CircleAlert aria-hidden size={20} className="mt-0.5 shrink-0" />
        {message}
      </p>
      {children}
    </div>
  );
}
