import { PaymentMethodsSchema } from '@basha/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PAYMENTS_KEY } from './keys.ts';

export function getPaymentMethods(signal?: AbortSignal) {
  return apiRequest('/api/v1/payment-methods', { schema: PaymentMethodsSchema, signal });
}

/** The operator's enabled methods change only with a restart: asked once per page load. */
export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: [...PAYMENTS_KEY, 'methods'],
    queryFn: ({ signal }) => getPaymentMethods(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}
