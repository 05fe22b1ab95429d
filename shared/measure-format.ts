/**
 * Issue 31: a measured criterion's raw value as screens and PDFs show it, in the reader's language
 * ("1,299 €" in English, "1.299 €" in German), and the computed score beside it ("1,299 € → 6.2").
 */
export function formatMeasure(value: number, language: string): string {
  return new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 6 }).format(
    value,
  );
}

export function formatMeasureWithUnit(value: number, unit: string | null, language: string): string {
  return unit ? `${formatMeasure(value, language)} ${unit}` : formatMeasure(value, language);
}

/** A computed score with its 1 decimal ("6.2", German "6,2"). */
export function formatScore(score: number, language: string): string {
  return new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(score);
}

/** "1,299 € → 6.2": the raw value with its unit and the score computed from it (1 decimal). */
export function formatMeasuredCell(
  measure: number,
  unit: string | null,
  score: number,
  language: string,
): string {
  return `${formatMeasureWithUnit(measure, unit, language)} → ${formatScore(score, language)}`;
}
