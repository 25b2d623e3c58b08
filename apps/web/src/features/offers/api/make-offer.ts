import { type MakeOfferInput, MyOfferSchema } from '@basha/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { OFFERS_KEY, WISHLIST_KEY } from './offer-keys.ts';

/** Offers on a wishlisted property; the server removes the wishlist item in the same step. */
export function makeOffer({
  wishlistItemId,
  offer,
}: {
  wishlistItemId: string;
  offer: MakeOfferInput;
}) {
  return apiRequest(`/api/v1/wishlist/${encodeURIComponent(wishlistItemId)}/offer`, {
    method: 'POST',
    body: offer,
    schema: MyOfferSchema,
  });
}

export function useMakeOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeOffer,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: OFFERS_KEY }),
        queryClient.invalidateQueries({ queryKey: WISHLIST_KEY }),
      ]),
  });
}
