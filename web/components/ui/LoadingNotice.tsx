import { LoaderCircle } from 'lucide-react';

/** A spinner and a polite live text while something loads. */
export function LoadingNotice({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center gap-3 py-8 text-slate-700 dark:text-slate-300">
      <LoaderCircle aria-hidden className="animate-spin" size={20} />
      {text}
    </p>
  );
}
