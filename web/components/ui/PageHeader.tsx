import type { PropsWithChildren, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface PageHeaderProps {
  title: string;
  lead?: ReactNode;
  /** Shown after the title inside the heading, e.g. a count. */
  titleAddon?: ReactNode;
  /**
   * Shown beside the title while both fit on one line, else wrapped under it: the title keeps the
   * width it needs instead of being squeezed next to a row of buttons.
   */
  actions?: ReactNode;
}

const headingClasses = 'text-3xl font-bold tracking-tight text-slate-900 dark:text-white';

/** The page's h1 and its browser tab title (React 19 hoists <title> into <head>). */
export function PageHeader({ title, lead, titleAddon, actions }: PageHeaderProps) {
  const heading = (
    <>
      {title}
      {titleAddon}
    </>
  );
  return (
    <header className="mb-8">
      <title>{`${title} · Decision Compass`}</title>
      {actions ? (
        <div className="flex flex-wrap items-start gap-x-6 gap-y-3">
          {/* Basis auto: the title's own width decides whether the actions still fit beside it. */}
          <h1 className={`${headingClasses} min-w-0 flex-[1_1_auto] break-words`}>{heading}</h1>
          {actions}
        </div>
      ) : (
        <h1 className={headingClasses}>{heading}</h1>
      )}
      {lead ? <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-300">{lead}</p> : null}
    </header>
  );
}

type HeaderedPageProps = PropsWithChildren<{ titleKey: string; leadKey: string }>;

/** A page that is a header with its title and lead (i18n keys) above one feature. */
export function HeaderedPage({ titleKey, leadKey, children }: HeaderedPageProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(titleKey)} lead={t(leadKey)} />
      {children}
    </>
  );
}
