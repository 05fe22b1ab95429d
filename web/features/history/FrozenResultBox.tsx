import { useId } from 'react';
import { Snowflake } from 'lucide-react';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { useLocale } from '../../lib/format.ts';
import type { FrozenResult } from './history-types.ts';
import { FrozenRanking } from './FrozenRanking.tsx';

/** The details' frozen result fields (issue 30), read loosely until the shared details schema has them. */
type WithFrozenResult = DecisionDetails & {
  frozen_result?: FrozenResult | null;
  frozen_result_differs?: boolean;
};

/**
 * "Result when voting ended (date)": the ranking and participation the server stored when voting
 * ended, which later changes never touch, and a note when the live matrix now says something else.
 */
export function FrozenResultBox({ details }: { details: DecisionDetails }) {
  const { t, format } = useLocale();
  const headingId = useId();
  const { frozen_result: frozen, frozen_result_differs: differs } = details as WithFrozenResult;
  if (!frozen) return null;
  const title =
    frozen.reason === 'outcome_recorded'
      ? t('frozenResult.titleOutcome', { date: format.dateTime(frozen.at) })
      : t('frozenResult.title', { date: format.dateTime(frozen.at) });
  return (
    <section
      aria-labelledby={headingId}
      data-testid="frozen-result"
      className="flex flex-col gap-3 rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sky-950 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-100"
    >
      <h2 id={headingId} className="flex items-center gap-2 font-semibold">
        <Snowflake aria-hidden size={18} className="shrink-0" />
        {title}
      </h2>
      <FrozenRanking snapshot={frozen} />
      {frozen.participation ? (
        <p className="text-sm">
          {t('frozenResult.participation', {
            complete: frozen.participation.complete,
            count: frozen.participation.voters,
          })}
        </p>
      ) : null}
      {differs ? (
        <p className="text-sm font-medium" data-testid="frozen-result-differs">
          {t('frozenResult.differs')}
        </p>
      ) : null}
    </section>
  );
}
