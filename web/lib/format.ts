import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { roundTo } from '../../shared/scoring/rounding.ts';

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** Numbers, dates and relative times in the interface language (de: 7,3 and 10.05.2025). */
export function useFormatters() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  return useMemo(() => {
    const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    const relative = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
    const numberFormats = new Map<number, Intl.NumberFormat>();
    const plain = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });

    return {
      /** Rounded half away from zero like the scoring engine, then shown with exactly `decimals` digits. */
      number(value: number, decimals: number): string {
        let format = numberFormats.get(decimals);
        if (!format) {
          format = new Intl.NumberFormat(language, {
            minimumFractionDigits: decimals,
            maximumFractionDigits: decimals,
          });
          numberFormats.set(decimals, format);
        }
        return format.format(roundTo(value, decimals));
      },
      /** As many decimals as the value has, up to 2 (weights like 50 or 12.5). */
      plain: (value: number) => plain.format(value),
      date: (iso: string) => date.format(new Date(iso)),
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      /** "5 minutes ago" / "vor 5 Minuten"; a time in the future (clock skew) counts as now. */
      relative(iso: string, now: number): string {
        const seconds = Math.max(1, Math.round((now - new Date(iso).getTime()) / 1000));
        const [unit, size] = RELATIVE_UNITS.find(([, unitSeconds]) => seconds >= unitSeconds) ?? [
          'second',
          1,
        ];
        return relative.format(-Math.floor(seconds / size), unit);
      },
    };
  }, [language]);
}

/** The translator and the formatters of the interface language, which most screens use together. */
export function useLocale() {
  const { t } = useTranslation();
  const format = useFormatters();
  return { t, format };
}
