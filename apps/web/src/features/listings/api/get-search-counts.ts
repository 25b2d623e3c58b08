import { apiUrls, ListingSearchCountsSchema } from '@basha/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PREFETCHED_PAGE_STALE_TIME } from '../../../lib/query-client.ts';
import { type BrowseFilters, listingKeys } from './keys.ts';

/**
 * How many listings the search finds, and per type. The order does not change the counts,
 * so it is not part of the key: re-sorting asks nothing again. One of All Properties' first
 * requests (the domain's page table): the server inlines it and renders the count.
 */
export const searchCountsQueryOptions = (filters: BrowseFilters) => {
  const { sort: _sort, ...counted } = filters;
  return queryOptions({
    queryKey: listingKeys.searchCounts(counted),
    queryFn: ({ signal }) =>
      apiRequest(apiUrls.listingSearchCounts(counted), {
        schema: ListingSearchCountsSchema,
        signal,
      }),
    staleTime: PREFETCHED_PAGE_STALE_TIME,
  });
};

export function useSearchCounts(filters: BrowseFilters) {
  // The count of the previous search stays until the new one arrives: no flash of nothing.
  return useQuery({ ...searchCountsQueryOptions(filters), placeholderData: keepPreviousData });
}
