import en from '../shared/i18n/en.json' with { type: 'json' };
import de from '../shared/i18n/de.json' with { type: 'json' };
import { LANGUAGES, type Language } from '../shared/limits.ts';

type Messages = Record<string, unknown>;
const catalogs: Record<Language, Messages> = { en, de };

function lookup(messages: Messages, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Messages)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The key i18next would read: with a numeric `count`, its plural form (`key_one`, `key_other`) when
 * the catalog has one, so server texts and screens share the same plural keys.
 */
function pluralKeyOf(messages: Messages, language: Language, key: string, count: unknown): string {
  if (typeof count !== 'number') return key;
  const plural = `${key}_${new Intl.PluralRules(language).select(count)}`;
  return lookup(messages, plural) !== undefined ? plural : key;
}

/** Server-side translation with the same catalogs, `{{name}}` placeholders and plural keys as the web app. */
export function translate(
  language: Language,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const inLanguage = pluralKeyOf(catalogs[language], language, key, params.count);
  const inEnglish = pluralKeyOf(catalogs.en, 'en', key, params.count);
  const template = lookup(catalogs[language], inLanguage) ?? lookup(catalogs.en, inEnglish) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export function hasTranslation(key: string): boolean {
  return lookup(catalogs.en, key) !== undefined;
}

/** A user's stored language when it is a supported one, else the fallback (mails to that user). */
export function preferredLanguage(stored: string | null | undefined, fallback: Language): Language {
  return LANGUAGES.find((language) => language === stored) ?? fallback;
}

/** Picks the first supported language of an Accept-Language header, by quality. */
export function languageFromHeader(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked
    .map((entry) => entry.base)
    .find((base): base is Language => LANGUAGES.includes(base as Language));
}

/** The moment in the caller's language, in UTC (the server does not know the caller's zone; the UI shows its own). */
export function formatUtcMoment(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(new Date(iso));
}
