import { AdminListingPageSchema, type ListingStatus } from '@basha/domain';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { listingKeys } from './keys.ts';

/** One page of every property (optionally of one status) with the counts, for admins. */
export function getAdminListings(
  status: ListingStatus | undefined,
  cursor: string | null,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ limit: '25' });
  if (status) query.set('status', status);
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`/api/v1/admin/listings?${query}`, { schema: AdminListingPageSchema, signal });
}

export const adminListingsQueryOptions = (status: ListingStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: listingKeys.admin(status),
    queryFn: ({ pageParam, signal }) => getAdminListings(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useAdminListings(status: ListingStatus | undefined) {
  // Switching the status filter keeps the table (and counts) on screen until the new page is in.
  return useInfiniteQuery({
    ...adminListingsQueryOptions(status),
    placeholderData: keepPreviousData,
  });
}
