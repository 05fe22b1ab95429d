import { ListChecks, Scale, Sparkles, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/Card.tsx';
import { isAiAvailable } from '../../lib/ai-availability.ts';

const FEATURES: readonly { key: string; Icon: LucideIcon }[] = [
  { key: 'structured', Icon: ListChecks },
  { key: 'ai', Icon: Sparkles },
  { key: 'weighted', Icon: Scale },
];

export function FeatureCards() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="features-heading" className="pb-8">
      <h2 id="features-heading" className="sr-only">
        {t('home.featuresHeading')}
      </h2>
      <ul className={`grid gap-6 ${isAiAvailable() ? 'md:grid-cols-3' : 'md:grid-cols-2'}`}>
        {FEATURES.filter(({ key }) => key !== 'ai' || isAiAvailable()).map(({ key, Icon }) => (
          <li key={key}>
            <Card className="h-full">
              <span className="mb-4 inline-flex size-11 items-center justify-center rounded-xl bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
                <Icon aria-hidden size={22} />
              </span>
              <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
                {t(`home.features.${key}.title`)}
              </h3>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{t(`home.features.${key}.text`)}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
