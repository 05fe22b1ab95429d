import type { ReactNode } from 'react';

interface AnalysisPartProps {
  headingId: string;
  title: string;
  lead: ReactNode;
  gap: 'gap-3' | 'gap-4';
  children: ReactNode;
}

/** One part of the analysis: a section with its h3 title and a lead, then its content. */
export function AnalysisPart({ headingId, title, lead, gap, children }: AnalysisPartProps) {
  return (
    <section aria-labelledby={headingId} className={`flex flex-col ${gap}`}>
      <header>
        <h3 id={headingId} className="font-semibold text-slate-900 dark:text-white">
          {title}
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">{lead}</p>
      </header>
      {children}
    </section>
  );
}
