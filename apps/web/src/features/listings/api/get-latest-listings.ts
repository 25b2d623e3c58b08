import { apiUrls, LatestListingsSchema } from '@basha/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PREFETCHED_PAGE_STALE_TIME } from '../../../lib/query-client.ts';
import { listingKeys } from './keys.ts';

/** The home page's newest verified properties (public). */
export function getLatestListings(signal?: AbortSignal) {
  return apiRequest(apiUrls.latestListings, { schema: LatestListingsSchema, signal });
}

export const latestListingsQueryOptions = queryOptions({
  queryKey: listingKeys.latest(),
  queryFn: ({ signal }) => getLatestListings(signal),
  staleTime: PREFETCHED_PAGE_STALE_TIME,
});

export function useLatestListings() {
  return useQuery(latestListingsQueryOptions);
}
