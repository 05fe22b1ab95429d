import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const UNITS = [
  ['day', 24 * 60 * 60_000],
  ['hour', 60 * 60_000],
  ['minute', 60_000],
] as const;

/**
 * Deadline texts in the reader's language: the moment with a German date locale in German
 * ("Montag, 10. Mai 2027 um 14:30"), and the remaining time as "2 days, 3 hours" / "2 Tage, 3 Stunden".
 */
export function useDeadlineFormat() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage === 'de' ? 'de-DE' : 'en';
  return useMemo(() => {
    const moment = new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short' });
    const list = new Intl.ListFormat(language, { style: 'long', type: 'unit' });
    const units = UNITS.map(
      ([unit, size]) =>
        [new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }), size] as const,
    );
    return {
      moment: (iso: string) => moment.format(new Date(iso)),
      /** The two largest non-zero units; under a minute it still says "1 minute" rather than nothing. */
      remaining(milliseconds: number): string {
        let rest = Math.max(milliseconds, 60_000);
        const parts: string[] = [];
        for (const [format, size] of units) {
          const amount = Math.floor(rest / size);
          rest -= amount * size;
          if (amount > 0 && parts.length < 2) parts.push(format.format(amount));
          else if (parts.length) break;
        }
        return list.format(parts);
      },
    };
  }, [language]);
}
