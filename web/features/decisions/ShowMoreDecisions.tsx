import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { cardsOf, totalOf, type DecisionPage } from './decisions-api.ts';

type DecisionPages = Pick<
  UseInfiniteQueryResult<InfiniteData<DecisionPage>>,
  'data' | 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'
>;

/** "Show n more" under a paged list of decisions, while the server has more than is shown. */
export function ShowMoreDecisions({ pages, pageSize }: { pages: DecisionPages; pageSize: number }) {
  const { t } = useTranslation();
  const total = totalOf(pages.data);
  const moreCount = total === undefined ? 0 : Math.min(pageSize, total - cardsOf(pages.data).length);
  if (!pages.hasNextPage || moreCount <= 0) return null;
  return (
    <div className="mt-6 flex justify-center">
      <Button
        variant="secondary"
        disabled={pages.isFetchingNextPage}
        onClick={() => void pages.fetchNextPage()}
      >
        {t('dashboard.showMore', { count: moreCount })}
      </Button>
    </div>
  );
}
