import type { Language } from '../../../shared/limits.ts';

/** How a text cell reads as a number: the value, or why not. */
export type NumberReading = { value: number } | { problem: 'ambiguous' | 'unreadable' };

// Grouping by thousands (1,299 or 1.299) or none, then an optional decimal part.
const ENGLISH = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^\d*\.\d+$|^\d+$/;
const GERMAN = /^\d{1,3}(?:\.\d{3})+(?:,\d+)?$|^\d*,\d+$|^\d+$/;

function englishValue(digits: string): number {
  return Number(digits.replace(/,/g, ''));
}

function germanValue(digits: string): number {
  return Number(digits.replace(/\./g, '').replace(',', '.'));
}

/**
 * Reads a number written in English (1,299.50) or German (1.299,50) notation. A text that fits the
 * caller's notation is read in it ("1.299" is 1.299 in English and 1299 in German); a text that fits
 * only the other notation is read in that one when both separators leave no doubt ("1.299,50" in
 * English), and is ambiguous otherwise ("1,5" for an English reader: one and a half, or a typo?).
 * Spaces between digit groups (1 299) and a leading apostrophe (the CSV export's guard against
 * formulas) are ignored; "−" counts as a minus sign.
 */
export function readNumber(text: string, language: Language): NumberReading {
  const cleaned = text
    .trim()
    .replace(/^'/, '')
    .replace(/[\u00a0\u202f\u2009 ](?=\d)/g, '')
    .replace(/^[\u2212-]/, '-')
    .replace(/^\+/, '');
  const isNegative = cleaned.startsWith('-');
  const digits = isNegative ? cleaned.slice(1) : cleaned;
  const sign = isNegative ? -1 : 1;
  const fitsEnglish = ENGLISH.test(digits);
  const fitsGerman = GERMAN.test(digits);
  if (!fitsEnglish && !fitsGerman) return { problem: 'unreadable' };

  const own = language === 'de' ? fitsGerman : fitsEnglish;
  if (own) return { value: sign * (language === 'de' ? germanValue(digits) : englishValue(digits)) };

  // Only the other notation fits: certain only when the text shows both separators.
  const hasBothSeparators = digits.includes('.') && digits.includes(',');
  if (!hasBothSeparators) return { problem: 'ambiguous' };
  return { value: sign * (language === 'de' ? englishValue(digits) : germanValue(digits)) };
}
