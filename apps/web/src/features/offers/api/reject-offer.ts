import { ReceivedOfferSchema } from '@basha/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { OFFERS_KEY } from './keys.ts';

export function rejectOffer(offerId: string) {
  return apiRequest(`/api/v1/offers/${encodeURIComponent(offerId)}/reject`, {
    method: 'POST',
    schema: ReceivedOfferSchema,
  });
}

export function useRejectOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectOffer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: OFFERS_KEY }),
  });
}
