import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentYear } from '../../lib/hydration.ts';

const footerLinkClasses =
  'rounded text-slate-700 hover:text-indigo-700 hover:underline dark:text-slate-300 dark:hover:text-indigo-300';

export function Footer() {
  const { t } = useTranslation();
  const year = useCurrentYear();
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm sm:flex-row sm:px-6">
        <p className="text-slate-700 dark:text-slate-300">
          {t('footer.copyright', { year, name: t('app.name') })}
        </p>
        <nav aria-label={t('footer.legal')} className="flex gap-6">
          <Link to="/impressum" className={footerLinkClasses}>
            {t('footer.legalNotice')}
          </Link>
          <Link to="/datenschutz" className={footerLinkClasses}>
            {t('footer.privacyPolicy')}
          </Link>
        </nav>
      </div>
    </footer>
  );
}
