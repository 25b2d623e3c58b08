import { type CardPaymentInput, type Receipt, ReceiptSchema } from '@basha/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { receiptQueryOptions } from './get-receipt.ts';
import { PAYMENTS_KEY } from './keys.ts';

/** Sandbox confirmation: the receipt, or an ApiError (402 with the provider's decline). */
export function payWithCard(offerId: string, input: CardPaymentInput) {
  return apiRequest(`/api/v1/offers/${encodeURIComponent(offerId)}/payment`, {
    method: 'POST',
    body: input,
    schema: ReceiptSchema,
  });
}

/**
 * Deliberately not a TanStack mutation: a mutation keeps its variables (here the card
 * number) in the query client's mutation cache. This hook keeps only "paying" and the
 * error; the card goes straight from the form to the request and nowhere else.
 */
export function usePayWithCard(offerId: string) {
  const queryClient = useQueryClient();
  const [isPaying, setPaying] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const pay = useCallback(
    async (input: CardPaymentInput): Promise<Receipt | null> => {
      setPaying(true);
      setError(null);
      try {
        const receipt = await payWithCard(offerId, input);
        // The receipt holds the last four digits only.
        queryClient.setQueryData(receiptQueryOptions(offerId).queryKey, receipt);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: queryRoots.offers }),
          queryClient.invalidateQueries({ queryKey: [...PAYMENTS_KEY, 'sales'] }),
        ]);
        return receipt;
      } catch (caught) {
        setError(caught);
        return null;
      } finally {
        setPaying(false);
      }
    },
    [offerId, queryClient],
  );
  /** Forgets the last refusal: a new try the form itself refused is not that card's decline. */
  const clearError = useCallback(() => setError(null), []);
  return { pay, isPaying, error, clearError };
}
