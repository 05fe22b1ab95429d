import i18n, { type BackendModule, type InitOptions, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '../../shared/languages.ts';

const LANGUAGE_STORAGE_KEY = 'lang';
// The server reads this cookie to send the prerendered public pages in the visitor's language.
const LANGUAGE_COOKIE = 'lang';
const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

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

const sharedOptions: InitOptions = {
  supportedLngs: [...LANGUAGES],
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  fallbackLng: 'en',
  interpolation: { escapeValue: false }, // React escapes already
};

export function isLanguage(value: string | null | undefined): value is Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '');
}

/** The language the visitor picked (kept in localStorage), if any. */
export function storedLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null; // storage disabled (privacy mode)
  }
}

/**
 * The first supported browser language, else English. A few lines instead of a detector package:
 * the landing chunk has no room to spare.
 */
function browserLanguage(): Language {
  for (const tag of navigator.languages.length ? navigator.languages : [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage disabled: the cookie below still carries the choice
  }
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

export function currentLanguage(): Language {
  const resolved = i18n.resolvedLanguage;
  return resolved === 'de' ? 'de' : 'en';
}

/**
 * Browser start. `firstLanguage` is the language the first render must use: a prerendered page's
 * `<html lang>` (hydration must render what the server sent), else the stored or browser language.
 * Texts load before the promise resolves, so the first paint is already in that language.
 */
export async function initI18n(
  firstLanguage: Language = storedLanguage() ?? browserLanguage(),
): Promise<void> {
  await i18n
    .use(lazyLocaleBackend)
    .use(initReactI18next)
    .init({ ...sharedOptions, lng: firstLanguage });
  document.documentElement.lang = currentLanguage();
  // A choice stored before the cookie existed still reaches the server from now on.
  const stored = storedLanguage();
  if (stored) rememberLanguage(stored);
  // Registered after the first language is in place: only the visitor's own switches are remembered.
  // Stored as soon as the switch starts (before the locale chunk has loaded), so a reload right after
  // a click already starts in the chosen language.
  i18n.on('languageChanging', (language: string) => {
    if (isLanguage(language)) rememberLanguage(language);
  });
  i18n.on('languageChanged', () => {
    document.documentElement.lang = currentLanguage();
  });
}

/** After hydrating a page prerendered in another language: the visitor's stored choice wins. */
export function switchToStoredLanguage(): void {
  const stored = storedLanguage();
  if (stored && stored !== currentLanguage()) void i18n.changeLanguage(stored);
}

/** Build time (web/entry-server.tsx): every catalog is at hand, nothing loads, no browser. */
export function initI18nForPrerender(catalogs: Record<Language, ResourceKey>): void {
  const resources = Object.fromEntries(
    Object.entries(catalogs).map(([language, translation]) => [language, { translation }]),
  );
  void i18n.use(initReactI18next).init({ ...sharedOptions, resources, lng: 'en', initAsync: false });
}

export { i18n };
