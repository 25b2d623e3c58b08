import { PaymentIntentSchema } from '@basha/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PAYMENTS_KEY } from './keys.ts';

/** The offer's one payment intent; the server answers the same intent on every call. */
export function createPaymentIntent(offerId: string, signal?: AbortSignal) {
  return apiRequest(`/api/v1/offers/${encodeURIComponent(offerId)}/payment-intent`, {
    method: 'POST',
    schema: PaymentIntentSchema,
    signal,
  });
}

/** A query, not a mutation: the call is idempotent and the intent holds no card data. */
export const paymentIntentQueryOptions = (offerId: string) =>
  queryOptions({
    queryKey: [...PAYMENTS_KEY, 'intent', offerId],
    queryFn: ({ signal }) => createPaymentIntent(offerId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

/** Requested when the page opens for an accepted offer with a price above 0. */
export function usePaymentIntent(offerId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...paymentIntentQueryOptions(offerId), enabled });
}
