import { type Receipt, ReceiptPageSchema } from '@basha/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { receiptQueryOptions } from './get-receipt.ts';
import { PAYMENTS_KEY } from './keys.ts';

/** How often and how long to ask: Stripe's webhook usually lands within a few seconds. */
const POLL_EVERY_MS = 1000;
const POLL_ATTEMPTS = 60;
/** The buyer's newest receipts come first: the awaited one is among the last few. */
const RECENT_RECEIPTS = 10;

/** Stripe's webhook has not reached the server yet. */
class NotRecordedYet extends Error {}

/**
 * The offer's receipt among the buyer's newest ones. Asking for the receipt itself, the
 * page was refused (404) until the webhook landed: a red line in the console every second.
 */
async function findRecordedReceipt(offerId: string, signal: AbortSignal): Promise<Receipt> {
  const page = await apiRequest(`/api/v1/receipts?limit=${RECENT_RECEIPTS}`, {
    schema: ReceiptPageSchema,
    signal,
  });
  const receipt = page.items.find((item) => item.offerId === offerId);
  if (!receipt) throw new NotRecordedYet('The payment is not recorded yet');
  return receipt;
}

/**
 * With Stripe the browser confirms the card, but the server records the payment only when
 * Stripe's webhook arrives. Until then the receipt is not among the buyer's: ask again
 * every second for a minute, then stop and let the page say so. Once it exists, the offer lists
 * and the agent's sales are refreshed, as after a sandbox payment.
 */
export function useAwaitedReceipt(offerId: string, { enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const receipt = useQuery({
    queryKey: receiptQueryOptions(offerId).queryKey,
    queryFn: ({ signal }) => findRecordedReceipt(offerId, signal),
    enabled,
    retry: (failures, error) => error instanceof NotRecordedYet && failures < POLL_ATTEMPTS,
    retryDelay: POLL_EVERY_MS,
  });

  const paid = receipt.data !== undefined;
  useEffect(() => {
    if (!paid) return;
    void queryClient.invalidateQueries({ queryKey: queryRoots.offers });
    void queryClient.invalidateQueries({ queryKey: [...PAYMENTS_KEY, 'sales'] });
  }, [paid, queryClient]);
  return receipt;
}
