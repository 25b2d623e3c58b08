import { PaymentIntentSchema, type PaymentProvider } from '@basha/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PAYMENTS_KEY } from './keys.ts';

/**
 * The offer's one payment intent, with `method` when the buyer picked one (else the first
 * enabled). The server answers the payment already under way, if any, whatever the method.
 */
export function createPaymentIntent(
  offerId: string,
  method: PaymentProvider | undefined,
  signal?: AbortSignal,
) {
  return apiRequest(`/api/v1/offers/${encodeURIComponent(offerId)}/payment-intent`, {
    method: 'POST',
    schema: PaymentIntentSchema,
    ...(method ? { body: { method } } : {}),
    signal,
  });
}

/** A query, not a mutation: the call is idempotent and the intent holds no card data. */
export const paymentIntentQueryOptions = (offerId: string, method?: PaymentProvider) =>
  queryOptions({
    queryKey: [...PAYMENTS_KEY, 'intent', offerId, method ?? 'first'],
    queryFn: ({ signal }) => createPaymentIntent(offerId, method, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

/** Requested when the page opens for an accepted offer with a price above 0. */
export function usePaymentIntent(
  offerId: string,
  { enabled, method }: { enabled: boolean; method?: PaymentProvider },
) {
  return useQuery({ ...paymentIntentQueryOptions(offerId, method), enabled });
}
