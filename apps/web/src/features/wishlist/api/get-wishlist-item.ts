import { WishlistItemDetailsSchema } from '@basha/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { WISHLIST_KEY } from './keys.ts';

export function getWishlistItem(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/v1/wishlist/${encodeURIComponent(id)}`, {
    schema: WishlistItemDetailsSchema,
    signal,
  });
}

export const wishlistItemQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...WISHLIST_KEY, 'item', id],
    queryFn: ({ signal }) => getWishlistItem(id, signal),
  });

/** One of the user's wishlist items with its property card and open offer (the make-offer page). */
export function useWishlistItem(id: string) {
  return useQuery(wishlistItemQueryOptions(id));
}
