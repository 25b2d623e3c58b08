import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useI18n } from '../../lib/i18n/i18n-provider.tsx';
import { Button } from './button.tsx';

type PagedQuery = Pick<
  UseInfiniteQueryResult,
  'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'
>;

/** "Load more" under a keyset-paged list: shown while there is a next page, busy while it loads. */
export function LoadMoreButton({ query }: { query: PagedQuery }) {
  const { t } = useI18n();
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      className="self-center"
      busy={query.isFetchingNextPage}
      onClick={() => query.fetchNextPage()}
    >
      {t('common.loadMore')}
    </Button>
  );
}
