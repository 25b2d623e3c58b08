import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { receiptQueryOptions } from './get-receipt.ts';
import { OFFERS_KEY, PAYMENTS_KEY } from './payment-keys.ts';

/** How often and how long to ask: Stripe's webhook usually lands within a few seconds. */
const POLL_EVERY_MS = 1000;
const POLL_ATTEMPTS = 60;

/**
 * With Stripe the browser confirms the card, but the server records the payment only when
 * Stripe's webhook arrives. Until then the receipt does not exist (404): ask again every
 * second for a minute, then stop and let the page say so. Once it exists, the offer lists
 * and the agent's sales are refreshed, as after a sandbox payment.
 */
export function useAwaitedReceipt(offerId: string, { enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const receipt = useQuery({
    ...receiptQueryOptions(offerId),
    enabled,
    retry: (failures, error) =>
      error instanceof ApiError && error.status === 404 && failures < POLL_ATTEMPTS,
    retryDelay: POLL_EVERY_MS,
  });

  const paid = receipt.data !== undefined;
  useEffect(() => {
    if (!paid) return;
    void queryClient.invalidateQueries({ queryKey: OFFERS_KEY });
    void queryClient.invalidateQueries({ queryKey: [...PAYMENTS_KEY, 'sales'] });
  }, [paid, queryClient]);
  return receipt;
}
