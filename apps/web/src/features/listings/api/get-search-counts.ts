import { apiUrls, ListingSearchCountsSchema } from '@basha/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type BrowseFilters, listingKeys } from './keys.ts';

/**
 * How many listings the search finds, and per type. The order does not change the counts,
 * so it is not part of the key: re-sorting asks nothing again.
 */
export function useSearchCounts(filters: BrowseFilters) {
  const { sort: _sort, ...counted } = filters;
  return useQuery({
    queryKey: listingKeys.searchCounts(counted),
    queryFn: ({ signal }) =>
      apiRequest(apiUrls.listingSearchCounts(counted), {
        schema: ListingSearchCountsSchema,
        signal,
      }),
    // The count of the previous search stays until the new one arrives: no flash of nothing.
    placeholderData: keepPreviousData,
  });
}
