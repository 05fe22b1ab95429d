import { Ban } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatMeasureWithUnit } from '../../../shared/measure-format.ts';
import type { KnockedOut } from '../../../shared/scoring/analysis.ts';
import type { MeasureDirection } from '../../../shared/scoring/measure.ts';
import { useLocale } from '../../lib/format.ts';

/** A measured criterion's unit and direction (issue 31), for the words of its must-have. */
export interface MeasuredMustHave {
  unit: string | null;
  direction: MeasureDirection | null;
}

/** The measured criteria among `criteria`, by id. */
export function measuredMustHavesOf(
  criteria: readonly {
    id: number;
    kind?: string;
    unit?: string | null;
    direction?: MeasureDirection | null;
  }[],
): Map<number, MeasuredMustHave> {
  return new Map(
    criteria.flatMap((criterion) =>
      criterion.kind === 'measure'
        ? [[criterion.id, { unit: criterion.unit ?? null, direction: criterion.direction ?? null }] as const]
        : [],
    ),
  );
}

/**
 * "Price 5 is below the minimum 6; has no value for Service": why an option is knocked out. A measured
 * criterion's value and must-have are in its unit, and above an upper bound when lower is better
 * ("Price 1,650 € is above the maximum 1,500 €").
 */
export function useKnockoutReasons(
  criterionNames: ReadonlyMap<number, string>,
  measured: ReadonlyMap<number, MeasuredMustHave> = new Map(),
) {
  const { t, format } = useLocale();
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  return (entries: readonly KnockedOut[]) =>
    entries
      .map((entry) => {
        const criterion = criterionNames.get(entry.criterion_id) ?? '';
        if (entry.value === null) return t('analysis.knockedOut.missing', { criterion });
        const measure = measured.get(entry.criterion_id);
        if (measure) {
          return t(`analysis.knockedOut.${measure.direction === 'lower' ? 'above' : 'below'}`, {
            criterion,
            value: formatMeasureWithUnit(entry.value, measure.unit, language),
            minimum: formatMeasureWithUnit(entry.minimum, measure.unit, language),
          });
        }
        return t('analysis.knockedOut.below', {
          criterion,
          value: format.plain(entry.value),
          minimum: format.plain(entry.minimum),
        });
      })
      .join('; ');
}

/**
 * The mark of an option that misses a must-have: a badge and the reason in words ("Knocked out: Price
 * 5 is below the minimum 6"), so it never reads as a result like the others. Without `reasons` (the
 * server knows of a miss the rounded team values do not show) the badge stands alone.
 */
export function KnockedOutBadge({ reasons }: { reasons: string }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-col items-start gap-0.5">
      <span className="inline-flex items-center gap-1 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-slate-800 dark:bg-slate-700 dark:text-slate-100">
        <Ban aria-hidden size={12} />
        {t('analysis.knockedOut.badge')}
      </span>
      {reasons ? (
        <span className="text-xs font-normal text-slate-600 dark:text-slate-400">{reasons}</span>
      ) : null}
    </span>
  );
}

interface KnockedOutListProps {
  knockedOut: ReadonlyMap<number, KnockedOut[]>;
  optionNames: ReadonlyMap<number, string>;
  criterionNames: ReadonlyMap<number, string>;
  /** Measured criteria (issue 31): their must-haves read in their unit. */
  measured?: ReadonlyMap<number, MeasuredMustHave>;
}

/** The options a must-have knocked out, listed apart from the result with the minimum each misses. */
export function KnockedOutList({ knockedOut, optionNames, criterionNames, measured }: KnockedOutListProps) {
  const { t } = useTranslation();
  const reasonsOf = useKnockoutReasons(criterionNames, measured);
  if (knockedOut.size === 0) return null;
  return (
    <section aria-labelledby="knocked-out-heading" className="flex flex-col gap-2">
      <h3 id="knocked-out-heading" className="font-semibold text-slate-900 dark:text-white">
        {t('analysis.knockedOut.title')}
      </h3>
      <ul className="flex flex-col gap-1.5 text-sm" data-testid="knocked-out">
        {[...knockedOut].map(([optionId, entries]) => (
          <li
            key={optionId}
            data-option={optionNames.get(optionId)}
            className="flex flex-wrap items-baseline gap-x-2 rounded-lg bg-slate-100 px-3 py-2 text-slate-800 dark:bg-slate-800 dark:text-slate-200"
          >
            <Ban aria-hidden size={14} className="shrink-0 self-center text-slate-600 dark:text-slate-400" />
            <span className="font-medium">{optionNames.get(optionId)}</span>
            <span>{t('analysis.knockedOut.reason', { reasons: reasonsOf(entries) })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
