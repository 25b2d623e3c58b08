import { apiUrls, type WishlistItem, WishlistPageSchema } from '@basha/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PREFETCHED_PAGE_STALE_TIME } from '../../../lib/query-client.ts';
import { WISHLIST_KEY } from './keys.ts';

/**
 * The user's wishlist item holding the listing, or null: is the listing on the wishlist?
 * (The domain's page table names this request for the details page: the server inlines it.)
 */
export async function getWishlistEntry(
  listingId: string,
  signal?: AbortSignal,
): Promise<WishlistItem | null> {
  const page = await apiRequest(apiUrls.wishlistEntry(listingId), {
    schema: WishlistPageSchema,
    signal,
  });
  return page.items[0] ?? null;
}

export const wishlistEntryQueryOptions = (listingId: string, enabled: boolean) =>
  queryOptions({
    queryKey: [...WISHLIST_KEY, 'entry', listingId],
    queryFn: ({ signal }) => getWishlistEntry(listingId, signal),
    enabled,
    staleTime: PREFETCHED_PAGE_STALE_TIME,
  });

export function useWishlistEntry(listingId: string, enabled: boolean) {
  return useQuery(wishlistEntryQueryOptions(listingId, enabled));
}
