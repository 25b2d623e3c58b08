import { type MakeOfferInput, MyOfferSchema, offerMessages } from '@basha/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { OFFERS_KEY } from './keys.ts';

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
        // Marked stale, refetched by nobody now: the one wishlist query on screen is the
        // item just turned into an offer, gone on the server, so refetching it would only
        // fetch a 404. The wishlist itself refetches when it is next shown.
        queryClient.invalidateQueries({ queryKey: queryRoots.wishlist, refetchType: 'none' }),
      ]),
    // An offer made meanwhile (another tab): the item read again names it, and the page
    // shows it in place of the form.
    onError: (error) =>
      error instanceof ApiError && error.message === offerMessages.alreadyOffered
        ? queryClient.invalidateQueries({ queryKey: queryRoots.wishlist })
        : undefined,
  });
}
