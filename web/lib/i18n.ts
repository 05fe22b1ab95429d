import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '../../shared/limits.ts';

const LANGUAGE_STORAGE_KEY = 'lang';

// Each locale is its own chunk, so visitors download only the language they read.
const localeLoaders = import.meta.glob<ResourceKey>('../../shared/i18n/*.json', { import: 'default' });

const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = localeLoaders[`../../shared/i18n/${language}.json`];
    if (!load) return callback(new Error(`No locale file for ${language}`), null);
    load().then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export function currentLanguage(): Language {
  const resolved = i18n.resolvedLanguage;
  return resolved === 'de' ? 'de' : 'en';
}

i18n.on('languageChanged', () => {
  document.documentElement.lang = currentLanguage();
});

export async function initI18n(): Promise<void> {
  await i18n
    .use(lazyLocaleBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: 'en',
      interpolation: { escapeValue: false }, // React escapes already
      detection: {
        order: ['localStorage', 'navigator'],
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        caches: ['localStorage'],
      },
    });
  document.documentElement.lang = currentLanguage();
}

export { i18n };
