import type { ReactNode } from 'react';
import { Card } from './Card.tsx';

interface SectionCardProps {
  /** The heading's id; the section is named by it. */
  headingId: string;
  title: ReactNode;
  /** One short line under the heading that says what to do here. */
  lead?: ReactNode;
  children: ReactNode;
}

/** A card holding one titled section of a page or form (a grid, a list of rows). */
export function SectionCard({ headingId, title, lead, children }: SectionCardProps) {
  return (
    <Card>
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        <header>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
            {title}
          </h2>
          {lead ? <p className="text-sm text-slate-600 dark:text-slate-400">{lead}</p> : null}
        </header>
        {children}
      </section>
    </Card>
  );
}
