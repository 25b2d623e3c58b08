import { ReceivedOfferSchema } from '@basha/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { OFFERS_KEY } from './keys.ts';

/** Accepts an offer; the server rejects the listing's other pending offers with it. */
export function acceptOffer(offerId: string) {
  return apiRequest(`/api/v1/offers/${encodeURIComponent(offerId)}/accept`, {
    method: 'POST',
    schema: ReceivedOfferSchema,
  });
}

export function useAcceptOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptOffer,
    // Refetch, not patch: the other offers on the listing changed too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: OFFERS_KEY }),
  });
}
