// Team notices have fixed durations (SPEC.md section 8: "Gespeichert" 4 s, "Modus geändert" 3 s).
type ToastKind = 'success' | 'error' | 'info';

export const NOTICE_MS = { short: 3000, long: 4000 } as const;

/** A toast that disappears after `durationMs`; sonner loads on demand like lib/notify.ts. */
export function toastFor(kind: ToastKind, message: string, durationMs: number, description?: string): void {
  void import('sonner').then(({ toast }) =>
    toast[kind](message, { duration: durationMs, ...(description ? { description } : {}) }),
  );
}
