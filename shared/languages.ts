/** The languages the product speaks: every text exists in each (shared/i18n/*.json). */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
