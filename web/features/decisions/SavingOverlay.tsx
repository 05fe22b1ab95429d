import { LoaderCircle } from 'lucide-react';

/** Full-screen notice while a save runs; the page behind it cannot be changed meanwhile. */
export function SavingOverlay({ text }: { text: string }) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/60 p-4 backdrop-blur-sm">
      <div
        role="status"
        aria-live="polite"
        className="flex items-center gap-3 rounded-2xl bg-white px-6 py-4 text-lg font-semibold text-slate-900 shadow-xl dark:bg-slate-900 dark:text-white"
      >
        <LoaderCircle aria-hidden className="animate-spin text-indigo-600 dark:text-indigo-300" size={24} />
        {text}
      </div>
    </div>
  );
}
