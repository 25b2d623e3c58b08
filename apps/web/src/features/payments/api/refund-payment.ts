import { RefundResultSchema } from '@basha/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** Refunds a paid offer through the rail that took the money; the sale is reversed (admin). */
export function refundPayment(offerId: string) {
  return apiRequest(`/api/v1/admin/payments/${encodeURIComponent(offerId)}/refund`, {
    method: 'POST',
    schema: RefundResultSchema,
  });
}

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    // The sale, the offer and the listing all changed (or a refusal shows the current state).
    onSettled: () =>
      Promise.all(
        [queryRoots.payments, queryRoots.offers, queryRoots.listings].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
