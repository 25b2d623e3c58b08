import { BROWSE_PAGE_SIZE, ListingPageSchema } from '@basha/domain';
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
  const query = new URLSearchParams({ limit: String(BROWSE_PAGE_SIZE) });
  if (filters.location) query.set('location', filters.location);
  if (filters.minPrice !== undefined) query.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== undefined) query.set('maxPrice', String(filters.maxPrice));
  if (filters.sort) query.set('sort', filters.sort);
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`/api/v1/listings?${query}`, { schema: ListingPageSchema, signal });
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
