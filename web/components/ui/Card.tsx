import type { HTMLAttributes } from 'react';

type Tone = 'default' | 'indigo' | 'emerald' | 'amber';

const toneClasses: Record<Tone, string> = {
  default: 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
  indigo: 'border-indigo-200 bg-indigo-50 dark:border-indigo-900 dark:bg-indigo-950/40',
  emerald: 'border-emerald-200 bg-emerald-50 dark:border-emerald-900 dark:bg-emerald-950/40',
  // A result that does not count yet (issue 25); its text keeps 7:1 contrast in both themes.
  amber:
    'border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100',
};

interface CardProps extends HTMLAttributes<HTMLDivElement> {
  /** A coloured card for highlights; colours are not passed in `className`, where they would clash. */
  tone?: Tone;
}

export function Card({ className = '', tone = 'default', ...props }: CardProps) {
  return <div className={`rounded-2xl border p-6 shadow-sm ${toneClasses[tone]} ${className}`} {...props} />;
}
