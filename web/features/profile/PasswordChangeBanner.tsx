import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LIMITS } from '../../../shared/limits.ts';
import { ButtonLink } from '../../components/ui/Button.tsx';

/**
 * Asks a user whose password dates from before the 12-character rule (the login said
 * `password_change_required`) to choose a new one; shown on every page until it is changed.
 */
export default function PasswordChangeBanner() {
  const { t } = useTranslation();
  const isOnChangePage = useLocation().pathname === '/change-password';
  return (
    <section
      aria-label={t('changePassword.dueTitle')}
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <div>
        <p className="font-semibold">{t('changePassword.dueTitle')}</p>
        <p>{t('changePassword.dueMessage', { min: LIMITS.password.min })}</p>
      </div>
      {!isOnChangePage && (
        <ButtonLink to="/change-password" variant="secondary" size="sm" className="shrink-0">
          {t('changePassword.dueAction')}
        </ButtonLink>
      )}
    </section>
  );
}
