import { ManagedListingPageSchema } from '@basha/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { listingKeys } from './keys.ts';

/** One page of the signed-in agent's own properties, every status, newest first. */
export function getMyListings(cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: '12' });
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`/api/v1/listings/mine?${query}`, { schema: ManagedListingPageSchema, signal });
}

export const myListingsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: listingKeys.mine(),
    queryFn: ({ pageParam, signal }) => getMyListings(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useMyListings() {
  return useInfiniteQuery(myListingsQueryOptions());
}
