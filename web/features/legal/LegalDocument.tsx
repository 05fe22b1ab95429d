import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/Card.tsx';
import { operator } from '../../lib/operator.ts';

interface LegalDocumentProps {
  /** i18n section holding `sections.<key>.title`, `.text` (paragraphs split by a blank line) and optional `.items[]`. */
  documentKey: 'imprint' | 'privacy';
  sectionKeys: readonly string[];
}

function asStringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

/** Renders template legal text filled with the operator settings from the build. */
export function LegalDocument({ documentKey, sectionKeys }: LegalDocumentProps) {
  const { t } = useTranslation();
  const values = {
    name: operator.name,
    address: operator.address,
    email: operator.email,
    appName: t('app.name'),
  };

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      {operator.isConfigured ? null : (
        <p
          role="note"
          className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <TriangleAlert aria-hidden size={18} className="mt-0.5 shrink-0" />
          {t('legal.placeholderNotice')}
        </p>
      )}
      <Card className="flex flex-col gap-8">
        {sectionKeys.map((sectionKey) => {
          const prefix = `${documentKey}.sections.${sectionKey}`;
          const paragraphs = t(`${prefix}.text`, values).split('\n\n');
          const items = asStringList(
            t(`${prefix}.items`, { ...values, returnObjects: true, defaultValue: [] }),
          );
          return (
            <section key={sectionKey} aria-labelledby={`${documentKey}-${sectionKey}`}>
              <h2
                id={`${documentKey}-${sectionKey}`}
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
    </div>
  );
}
