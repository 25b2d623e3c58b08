import { WishlistItemSchema } from '@basha/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { WISHLIST_KEY } from './keys.ts';

export function addToWishlist(listingId: string) {
  return apiRequest('/api/v1/wishlist', {
    method: 'POST',
    body: { listingId },
    schema: WishlistItemSchema,
  });
}

export function useAddToWishlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToWishlist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WISHLIST_KEY }),
  });
}
