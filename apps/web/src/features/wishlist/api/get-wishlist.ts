import { apiUrls, WishlistPageSchema } from '@basha/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PREFETCHED_PAGE_STALE_TIME } from '../../../lib/query-client.ts';
import { WISHLIST_KEY } from './keys.ts';

export function getWishlistPage(cursor: string | null, signal?: AbortSignal) {
  return apiRequest(apiUrls.wishlist(cursor), { schema: WishlistPageSchema, signal });
}

export const wishlistQueryOptions = infiniteQueryOptions({
  queryKey: [...WISHLIST_KEY, 'list'],
  queryFn: ({ pageParam, signal }) => getWishlistPage(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
  staleTime: PREFETCHED_PAGE_STALE_TIME,
});

/** The signed-in user's wishlist, newest first, a page at a time ("Load more"). */
export function useWishlist() {
  return useInfiniteQuery(wishlistQueryOptions);
}
