import { Trophy } from 'lucide-react';
import { useLocale } from '../../lib/format.ts';

interface TotalWithTrophyProps {
  /** null: no total while a cell of the row is off the scale. */
  total: number | null;
  isTop: boolean;
  /** Below a criterion's must-have minimum: ranked after the others whatever its total. */
  isKnockedOut?: boolean;
  /** Read instead of a total that is missing (e.g. "not calculated: a score is outside 1–10"). */
  missingLabel: string;
}

/** A live total of an input grid (1 decimal); the top option's carries a trophy, named for screen readers. */
export function TotalWithTrophy({ total, isTop, isKnockedOut = false, missingLabel }: TotalWithTrophyProps) {
  const { t, format } = useLocale();
  if (total === null) {
    return (
      <>
        <span aria-hidden>–</span>
        <span className="sr-only">{missingLabel}</span>
      </>
    );
  }
  return (
    <span className="inline-flex items-center gap-1.5">
      {isKnockedOut ? (
        <span className="text-xs font-normal text-red-700 dark:text-red-400">
          {t('decisionForm.mustHave.knockedOut')}
        </span>
      ) : null}
      {isTop ? (
        <>
          <Trophy aria-hidden size={16} className="text-amber-600 dark:text-amber-400" />
          <span className="sr-only">{t('matrix.topOption')}</span>
        </>
      ) : null}
      {format.number(total, 1)}
    </span>
  );
}
