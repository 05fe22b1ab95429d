import { useId } from 'react';
import { Snowflake } from 'lucide-react';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { useLocale } from '../../lib/format.ts';
import { FrozenRanking } from './FrozenRanking.tsx';

/**
 * "Result when voting ended (date)": the ranking and participation the server stored when voting
 * ended, which later changes never touch, and a note when the live matrix now says something else.
 */
export function FrozenResultBox({
  details,
}: {
  details: Pick<DecisionDetails, 'frozen_result' | 'frozen_result_differs'>;
}) {
  const { t, format } = useLocale();
  const headingId = useId();
  const frozen = details.frozen_result;
  if (!frozen) return null;
  return (
    <section
      aria-labelledby={headingId}
      data-testid="frozen-result"
      className="flex flex-col gap-3 rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sky-950 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-100"
    >
      <h2 id={headingId} className="flex items-center gap-2 font-semibold">
        <Snowflake aria-hidden size={18} className="shrink-0" />
        {t('frozenResult.title', { date: format.dateTime(frozen.at) })}
      </h2>
      <FrozenRanking snapshot={frozen} />
      <p className="text-sm">
        {t('frozenResult.participation', {
          complete: frozen.participation.complete,
          count: frozen.participation.voters,
        })}
        {frozen.robustness
          ? ` · ${t('frozenResult.robustness', { label: t(`robustness.label.${frozen.robustness.label}`) })}`
          : ''}
      </p>
      {details.frozen_result_differs ? (
        <p className="text-sm font-medium" data-testid="frozen-result-differs">
          {t('frozenResult.differs')}
        </p>
      ) : null}
    </section>
  );
}
