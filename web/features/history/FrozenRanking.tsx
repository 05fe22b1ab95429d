import { useLocale } from '../../lib/format.ts';
import type { FrozenResult } from './history-types.ts';

/** A frozen ranking as an ordered list: "1. Lisbon 7.4" (names as they were when it was stored). */
export function FrozenRanking({ snapshot }: { snapshot: Pick<FrozenResult, 'ranking'> }) {
  const { t, format } = useLocale();
  if (!snapshot.ranking.length) return <p className="text-sm">{t('frozenResult.noRanking')}</p>;
  return (
    <ol className="flex flex-col gap-1 text-sm">
      {snapshot.ranking.map((entry) => (
        <li key={entry.option_id} className="flex items-baseline justify-between gap-3">
          <span className="min-w-0 break-words">
            <span className="font-semibold tabular-nums">{entry.rank ?? '–'}.</span> {entry.name}
          </span>
          <span className="shrink-0 font-semibold tabular-nums">
            {entry.total === null ? t('frozenResult.noTotal') : format.number(entry.total, 1)}
          </span>
        </li>
      ))}
    </ol>
  );
}
