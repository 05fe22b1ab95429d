import i18n, { type BackendModule, type ResourceKey } from 'i18next';
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

function isLanguage(value: string | null | undefined): value is Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '');
}

/**
 * The stored choice, else the first supported browser language, else English. A few lines instead
 * of a detector package: the landing chunk has no room to spare.
 */
function detectLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // storage disabled (privacy mode): fall through to the browser languages
  }
  for (const tag of navigator.languages.length ? navigator.languages : [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

export function currentLanguage(): Language {
  const resolved = i18n.resolvedLanguage;
  return resolved === 'de' ? 'de' : 'en';
}

// Stored as soon as the switch starts (before the locale chunk has loaded), so a reload right after
// a click already starts in the chosen language.
i18n.on('languageChanging', (language: string) => {
  if (!isLanguage(language)) return;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
});

i18n.on('languageChanged', () => {
  document.documentElement.lang = currentLanguage();
});

export async function initI18n(): Promise<void> {
  await i18n
    .use(lazyLocaleBackend)
    .use(initReactI18next)
    .init({
      lng: detectLanguage(),
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: 'en',
      interpolation: { escapeValue: false }, // React escapes already
    });
  document.documentElement.lang = currentLanguage();
}

export { i18n };
