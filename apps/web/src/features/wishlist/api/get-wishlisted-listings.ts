import { MAX_PAGE_SIZE, WishlistPageSchema } from '@basha/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { WISHLIST_KEY } from './get-wishlist.ts';

export type WishlistedListings = {
  ids: ReadonlySet<string>;
  /** False when the wishlist is longer than one page: a listing not in `ids` may still be on it. */
  complete: boolean;
};

/**
 * Which listings are on the wishlist, from one page of the largest size: one quick call
 * answers for nearly every wishlist. For longer ones the server's "already on your
 * wishlist" answer (409) is the fallback, so the answer is never wrong, only later.
 */
export async function getWishlistedListings(signal?: AbortSignal): Promise<WishlistedListings> {
  const page = await apiRequest(`/api/v1/wishlist?limit=${MAX_PAGE_SIZE}`, {
    schema: WishlistPageSchema,
    signal,
  });
  return {
    ids: new Set(page.items.map((item) => item.listing.id)),
    complete: page.nextCursor === null,
  };
}

export const wishlistedListingsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: [...WISHLIST_KEY, 'listing-ids'],
    queryFn: ({ signal }) => getWishlistedListings(signal),
    enabled,
  });

export function useWishlistedListings(enabled: boolean) {
  return useQuery(wishlistedListingsQueryOptions(enabled));
}
