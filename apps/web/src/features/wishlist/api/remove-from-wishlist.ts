import { RemovedWishlistItemSchema } from '@basha/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { WISHLIST_KEY } from './keys.ts';

/** Removes an item; the answer names the property that was removed. */
export function removeFromWishlist(itemId: string) {
  return apiRequest(`/api/v1/wishlist/${encodeURIComponent(itemId)}`, {
    method: 'DELETE',
    schema: RemovedWishlistItemSchema,
  });
}

export function useRemoveFromWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromWishlist,
    // Refetch after a failure too: a 404 means the item was already gone (another tab).
    onSettled: () => queryClient.invalidateQueries({ queryKey: WISHLIST_KEY }),
  });
}
