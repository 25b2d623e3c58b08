import { ReceiptSchema } from '@basha/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PAYMENTS_KEY } from './keys.ts';

export function getReceipt(offerId: string, signal?: AbortSignal) {
  return apiRequest(`/api/v1/receipts/${encodeURIComponent(offerId)}`, {
    schema: ReceiptSchema,
    signal,
  });
}

export const receiptQueryOptions = (offerId: string) =>
  queryOptions({
    queryKey: [...PAYMENTS_KEY, 'receipt', offerId],
    queryFn: ({ signal }) => getReceipt(offerId, signal),
  });

/** The receipt of one of the buyer's paid offers. */
export function useReceipt(offerId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...receiptQueryOptions(offerId), enabled });
}
