import { useTranslation } from 'react-i18next';
import { isAiAvailable } from '../../lib/ai-availability.ts';

/** One vocabulary, defined once (issue 25); the AI term only where AI is available. */
const TERM_KEYS = ['importance', 'share', 'weight', 'scales', 'ai'] as const;

export function Glossary() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="glossary-heading" className="mt-10">
      <h2 id="glossary-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
        {t('faq.glossary.heading')}
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t('faq.glossary.lead')}</p>
      <dl className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {TERM_KEYS.filter((key) => key !== 'ai' || isAiAvailable()).map((key) => (
          <div key={key} className="px-6 py-4">
            <dt className="font-semibold text-slate-900 dark:text-white">
              {t(`faq.glossary.terms.${key}.term`)}
            </dt>
            <dd className="mt-1 leading-relaxed text-slate-700 dark:text-slate-300">
              {t(`faq.glossary.terms.${key}.definition`)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
