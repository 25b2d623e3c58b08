import { timingSafeEqual } from 'node:crypto';
import {
  type CardPaymentInput,
  offerMessages,
  PAYMENT_CURRENCY,
  paymentMessages,
  type Receipt,
} from '@basha/domain';
import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { assertPayable, completeSale, lockSale } from './complete-sale.ts';
import { findReceipt } from './payment-history.repository.ts';
import type { SandboxProvider } from './payment-provider.ts';
import { toReceipt } from './payment-views.ts';
import { findIntentOf } from './payments.repository.ts';

/**
 * Sandbox confirmation: the buyer pays their accepted offer with a card. The charge happens
 * under the sale's locks, so of many concurrent confirmations exactly one charges and the
 * rest find the offer paid (409). A decline throws, and the transaction leaves nothing behind.
 */
export async function payWithCard(
  db: Database,
  sandbox: SandboxProvider,
  actor: Actor,
  offerId: string,
  card: CardPaymentInput,
): Promise<Receipt> {
  return db.transaction(async (tx) => {
    const sale = await lockSale(tx, offerId, actor.id);
    if (!sale) throw new AppError('NOT_FOUND', offerMessages.offerNotFound);
    assertPayable(sale.offer);

    const intent = await findIntentOf(tx, offerId);
    if (
      !intent ||
      intent.provider !== sandbox.name ||
      !sameSecret(intent.clientSecret, card.clientSecret)
    ) {
      throw AppError.validation([{ path: 'clientSecret', message: paymentMessages.wrongPayment }]);
    }

    const charge = sandbox.charge(card);
    if (!charge.paid) throw new AppError('PAYMENT_DECLINED', charge.message);

    await completeSale(tx, sale.listingId, {
      offerId,
      provider: sandbox.name,
      reference: intent.reference,
      eventId: null,
      amount: sale.offer.amount,
      currency: PAYMENT_CURRENCY,
      cardLast4: charge.cardLast4,
    });
    const receipt = await findReceipt(tx, actor.id, offerId);
    if (!receipt) throw new Error('a completed sale has no receipt inside its own transaction');
    return toReceipt(receipt);
  });
}

/** Compares secrets in constant time, so response timing does not leak a prefix. */
function sameSecret(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
