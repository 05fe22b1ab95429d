import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format.ts';

/** A live total of an input grid (1 decimal); the top option's carries a trophy, named for screen readers. */
export function TotalWithTrophy({ total, isTop }: { total: number; isTop: boolean }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <span className="inline-flex items-center gap-1.5">
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
