import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../shared/languages.ts';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { useIsHydrated } from '../../lib/hydration.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { notify } from '../../lib/notify.ts';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const activeLanguage = currentLanguage();
  const isHydrated = useIsHydrated();

  async function switchTo(language: Language) {
    await i18n.changeLanguage(language);
    // Signed-in users keep the choice on their account too, so mails and other devices follow it.
    const user = useAuthStore.getState().user;
    if (!user || user.language === language) return;
    try {
      // Loaded on use: the profile API brings TanStack Query's mutations, which the landing page never needs.
      const { profileUpdateFor, updateProfile } = await import('../profile/profile-api.ts');
      useAuthStore.getState().setUser(await updateProfile(profileUpdateFor(user, { language })));
    } catch (error) {
      notify('error', serverMessageOf(error) ?? t('language.saveFailed'));
    }
  }

  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className="flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-700"
    >
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={language === activeLanguage}
          disabled={!isHydrated}
          // WCAG 2.5.3: the name starts with what the button shows ("DE"), so speech input finds it.
          aria-label={`${language.toUpperCase()} ${t(`language.names.${language}`)}`}
          onClick={() => void switchTo(language)}
          className="h-8 w-10 rounded-md text-xs font-semibold text-slate-700 uppercase aria-pressed:bg-indigo-600 aria-pressed:text-white dark:text-slate-200"
        >
          {language}
        </button>
      ))}
    </div>
  );
}
