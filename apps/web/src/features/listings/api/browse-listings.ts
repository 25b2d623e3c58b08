import { apiUrls, ListingPageSchema } from '@basha/domain';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PREFETCHED_PAGE_STALE_TIME } from '../../../lib/query-client.ts';
import { type BrowseFilters, listingKeys } from './keys.ts';

/** One page of verified properties matching the filters. */
export function browseListings(
  filters: BrowseFilters,
  cursor: string | null,
  signal?: AbortSignal,
) {
  return apiRequest(apiUrls.listingBrowse(filters, cursor), { schema: ListingPageSchema, signal });
}

export const browseListingsQueryOptions = (filters: BrowseFilters) =>
  infiniteQueryOptions({
    queryKey: listingKeys.browse(filters),
    queryFn: ({ pageParam, signal }) => browseListings(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: PREFETCHED_PAGE_STALE_TIME,
  });

export function useBrowseListings(filters: BrowseFilters) {
  // The previous results stay on screen while a new search loads: typing does not flash.
  return useInfiniteQuery({
    ...browseListingsQueryOptions(filters),
    placeholderData: keepPreviousData,
  });
}
