export type StatusTone = 'info' | 'success' | 'error';

/** A form's last status, as its StatusLine shows it. */
export interface StatusMessage {
  tone: StatusTone;
  message: string;
}

interface StatusLineProps {
  tone: StatusTone;
  message: string | null;
}

const toneClasses: Record<StatusTone, string> = {
  info: 'text-slate-700 dark:text-slate-300',
  success: 'text-emerald-700 dark:text-emerald-400',
  error: 'text-red-700 dark:text-red-400',
};

/** A live region with reserved height, so status texts appear without moving the layout. */
export function StatusLine({ tone, message }: StatusLineProps) {
  return (
    <p role="status" aria-live="polite" className={`min-h-6 text-sm font-medium ${toneClasses[tone]}`}>
      {message}
    </p>
  );
}
