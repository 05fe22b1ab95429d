import { useTranslation } from 'react-i18next';
import type { Operator } from '../../../shared/api/operator.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { Card } from '../../components/ui/Card.tsx';
import { LoadingNotice } from '../../components/ui/LoadingNotice.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { useOperatorQuery } from './operator-api.ts';

export interface LegalSection {
  key: string;
  /** Operator details the section consists of; while one is unpublished the section says so instead. */
  shows?: readonly (keyof Operator)[];
}

interface LegalDocumentProps {
  /** i18n section holding `sections.<key>.title`, `.text` (paragraphs split by a blank line) and optional `.items[]`. */
  documentKey: 'imprint' | 'privacy';
  sections: readonly LegalSection[];
}

function asStringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

/**
 * Template legal text filled with the operator details the server was started with. Visitors never
 * see setup hints: a detail the operator has not set reads "not published yet" (the server log says
 * which variable to set).
 */
export function LegalDocument({ documentKey, sections }: LegalDocumentProps) {
  const { t } = useTranslation();
  const operator = useOperatorQuery();
  if (operator.isPending) return <LoadingNotice text={t('legal.loading')} />;

  const details = operator.data;
  const unavailableText = operator.isError ? t('legal.loadFailed') : t('legal.notPublished');
  const fallback = t('legal.operatorFallback');
  const values = {
    name: details?.name ?? fallback,
    address: details?.address ?? '',
    email: details?.email ?? fallback,
    appName: t('app.name'),
    // Storage periods: the server's settings (retention), and the session limits every server shares.
    unconfirmedAccountDays: details?.retention?.unconfirmed_account_days,
    notificationDays: details?.retention?.notification_days,
    sessionDays: LIMITS.session.days,
    sessionLifetimeDays: LIMITS.session.absoluteDays,
  };
  const isPublished = (section: LegalSection) =>
    (section.shows ?? []).every((field) => Boolean(details?.[field]));

  return (
    <Card className="flex max-w-3xl flex-col gap-8">
      {sections.map((section) => {
        const prefix = `${documentKey}.sections.${section.key}`;
        const paragraphs = isPublished(section)
          ? t(`${prefix}.text`, values).split('\n\n')
          : [unavailableText];
        const items = asStringList(
          t(`${prefix}.items`, { ...values, returnObjects: true, defaultValue: [] }),
        );
        return (
          <section key={section.key} aria-labelledby={`${documentKey}-${section.key}`}>
            <h2
              id={`${documentKey}-${section.key}`}
              className="mb-3 text-lg font-semibold text-slate-900 dark:text-white"
            >
              {t(`${prefix}.title`)}
            </h2>
            <div className="flex flex-col gap-3 leading-relaxed text-slate-700 dark:text-slate-300">
              {paragraphs.map((paragraph) => (
                <p key={paragraph} className="whitespace-pre-line">
                  {paragraph}
                </p>
              ))}
              {items.length > 0 ? (
                <ul className="list-disc space-y-1.5 pl-6">
                  {items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          </section>
        );
      })}
    </Card>
  );
}

/** A legal page: its header (`<documentKey>.title`, a lead where given) above the document. */
export function LegalPage({ lead, ...documentProps }: LegalDocumentProps & { lead?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(`${documentProps.documentKey}.title`)} lead={lead} />
      <LegalDocument {...documentProps} />
    </>
  );
}
