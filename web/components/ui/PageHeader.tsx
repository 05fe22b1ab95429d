import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  lead?: ReactNode;
  /** Shown after the title inside the heading, e.g. a count. */
  titleAddon?: ReactNode;
}

/** The page's h1 and its browser tab title (React 19 hoists <title> into <head>). */
export function PageHeader({ title, lead, titleAddon }: PageHeaderProps) {
  return (
    <header className="mb-8">
      <title>{`${title} · Decision Compass`}</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        {title}
        {titleAddon}
      </h1>
      {lead ? <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-300">{lead}</p> : null}
    </header>
  );
}
