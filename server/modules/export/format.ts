import { oneLinePlainText } from '../../../shared/api/text.ts';
import type { Language } from '../../../shared/limits.ts';
import { roundTo } from '../../../shared/scoring/rounding.ts';

const LOCALES: Record<Language, string> = { en: 'en-GB', de: 'de-DE' };

/** CSV dialect per language: German spreadsheets expect `;` and a decimal comma. */
export function csvDialect(language: Language): { delimiter: string; decimalSeparator: string } {
  return language === 'de'
    ? { delimiter: ';', decimalSeparator: ',' }
    : { delimiter: ',', decimalSeparator: '.' };
}

/** A plain number without grouping (spreadsheets parse it back), at most `decimals` places. */
export function formatNumber(value: number, language: Language, decimals = 2): string {
  const factor = 10 ** decimals;
  const text = String(Math.round(value * factor) / factor);
  return language === 'de' ? text.replace('.', ',') : text;
}

/** Exactly `decimals` places, rounded like the scoring engine: totals as the screens show them. */
export function formatFixed(value: number, language: Language, decimals: number): string {
  const text = roundTo(value, decimals).toFixed(decimals);
  return language === 'de' ? text.replace('.', ',') : text;
}

export function formatDateTime(iso: string, language: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));
}

/** A calendar day (YYYY-MM-DD, no zone of its own) in the language's date format. */
export function formatDay(day: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

// Spreadsheets run cells starting with these as formulas (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;

/** Neutralises formula injection: a leading ' makes a spreadsheet show the cell as text. */
export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

// eslint-disable-next-line no-control-regex -- control characters must never reach a header
const UNSAFE_IN_FILENAME = /[\u0000-\u001f\u007f"*/:<>?\\|]+/g;

/** ASCII-only name for old clients: umlauts transliterated, everything else reduced to `-`. */
export function asciiFileStem(title: string): string {
  const stem = title
    .replace(/ß/g, 'ss')
    .replace(/Ä/g, 'Ae')
    .replace(/Ö/g, 'Oe')
    .replace(/Ü/g, 'Ue')
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80)
    .replace(/[-.]+$/g, '');
  return stem || 'decision';
}

/**
 * The title as a UTF-8 file name: characters no file system accepts removed, and invisible
 * formatting a title stored before issue 27 may hold (a right-to-left override can make
 * "…fdp.exe" read as "…exe.pdf"), length capped.
 */
export function unicodeFileStem(title: string): string {
  const stem = [...oneLinePlainText(title.replace(UNSAFE_IN_FILENAME, ' '))]
    .slice(0, 80)
    .join('')
    .replace(/^\.+/, '')
    .trim();
  return stem || 'decision';
}

// RFC 5987 attr-char: encodeURIComponent leaves a few characters that must be encoded as well.
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266). */
export function contentDisposition(title: string, extension: string): string {
  const ascii = `${asciiFileStem(title)}.${extension}`;
  const unicode = `${unicodeFileStem(title)}.${extension}`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(unicode)}`;
}
