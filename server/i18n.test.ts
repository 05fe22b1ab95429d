import { afterEach, describe, expect, it, vi } from 'vitest';
import de from '../shared/i18n/de.json' with { type: 'json' };
import en from '../shared/i18n/en.json' with { type: 'json' };
import { ERROR_STATUS } from '../shared/errors.ts';
import { hasTranslation, languageFromHeader, preferredLanguage, translate } from './i18n.ts';

function keysOf(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '').sort();
}

describe('languageFromHeader', () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['en-US,en;q=0.9,de;q=0.8', 'en'],
    ['DE-at', 'de'],
    ['fr-FR,fr;q=0.9,de;q=0.5,en;q=0.4', 'de'],
    ['en;q=0.3, de;q=0.7', 'de'],
    ['de;q=0, en', 'en'],
    ['*', undefined],
    ['fr', undefined],
    ['de;q=0', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j → %j', (header, language) => {
    expect(languageFromHeader(header)).toBe(language);
  });
});

describe('translate', () => {
  afterEach(() => {
    vi.doUnmock('../shared/i18n/de.json');
    vi.doUnmock('../shared/i18n/en.json');
    vi.resetModules();
  });

  it('answers in the requested language', () => {
    expect(translate('de', 'errors.NOT_FOUND')).toBe('Nicht gefunden.');
    expect(translate('en', 'errors.NOT_FOUND')).toBe('Not found.');
  });

  it('picks the plural form of a key by count, as i18next does in the browser', () => {
    expect(translate('en', 'results.noResult.missing_cells', { count: 1 })).toBe(
      'No result yet: 1 cell is still empty.',
    );
    expect(translate('en', 'results.noResult.missing_cells', { count: 3 })).toBe(
      'No result yet: 3 cells are still empty.',
    );
    expect(translate('de', 'results.noResult.missing_cells', { count: 0 })).toBe(
      'Noch kein Ergebnis: 0 Zellen sind noch leer.',
    );
  });

  it('returns the key itself when no catalog knows it', () => {
    expect(translate('de', 'errors.NO_SUCH_CODE')).toBe('errors.NO_SUCH_CODE');
    expect(hasTranslation('errors.NO_SUCH_CODE')).toBe(false);
    expect(hasTranslation('validation.required')).toBe(true);
  });

  it('falls back to English for a text German lacks, and fills placeholders', async () => {
    vi.doMock('../shared/i18n/de.json', () => ({ default: { errors: {} } }));
    vi.doMock('../shared/i18n/en.json', () => ({
      default: { errors: { NOT_FOUND: 'Not found.' }, greeting: 'Hello {{name}}, you have {{count}} votes' },
    }));
    vi.resetModules();
    const fresh = await import('./i18n.ts');
    expect(fresh.translate('de', 'errors.NOT_FOUND')).toBe('Not found.');
    expect(fresh.translate('de', 'greeting', { name: 'Ada', count: 3 })).toBe('Hello Ada, you have 3 votes');
  });

  it('has every text in both languages with the same placeholders', () => {
    const enKeys = keysOf(en).sort();
    expect(keysOf(de).sort()).toEqual(enKeys);
    for (const key of enKeys) {
      expect(placeholders(translate('de', key)), key).toEqual(placeholders(translate('en', key)));
      expect(translate('de', key), key).not.toBe(key);
    }
  });

  it('has a message for every error code in both languages', () => {
    for (const code of Object.keys(ERROR_STATUS)) {
      expect(en.errors).toHaveProperty(code);
      expect(de.errors).toHaveProperty(code);
    }
  });
});

describe('preferredLanguage', () => {
  it('keeps a supported stored language and falls back otherwise', () => {
    expect(preferredLanguage('de', 'en')).toBe('de');
    expect(preferredLanguage('en', 'de')).toBe('en');
    expect(preferredLanguage('fr', 'de')).toBe('de');
    expect(preferredLanguage(undefined, 'en')).toBe('en');
  });
});
