import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { isAiAvailable } from '../../lib/ai-availability.ts';
import { useIsLoggedIn } from '../../lib/auth-store.ts';

export function LandingHero() {
  const { t } = useTranslation();
  const isLoggedIn = useIsLoggedIn();
  return (
    <section className="py-8 text-center sm:py-16">
      <title>{t('app.name')}</title>
      <p className="mb-4 text-sm font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">
        {t('home.eyebrow')}
      </p>
      <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl dark:text-white">
        {t('home.headline')}
      </h1>
      <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-700 dark:text-slate-300">
        {isAiAvailable() ? t('home.lead') : t('home.leadWithoutAi')}
      </p>
      <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <ButtonLink to={isLoggedIn ? '/dashboard' : '/register'} size="lg">
          {t('home.startNow')}
          <ArrowRight aria-hidden size={18} />
        </ButtonLink>
        <ButtonLink to={isLoggedIn ? '/new-decision' : '/login'} size="lg" variant="secondary">
          {t('home.createFirstDecision')}
        </ButtonLink>
      </div>
    </section>
  );
}
