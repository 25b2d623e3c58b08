import { PAYMENT_CURRENCY } from '@basha/domain';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../http/app-error.ts';
import { completeSale, lockSale } from './complete-sale.ts';
import type { StripeProvider } from './payment-provider.ts';
import { findIntentByReference } from './payments.repository.ts';

/** What a webhook delivery did; every outcome is acknowledged so Stripe stops resending. */
export type WebhookOutcome = 'recorded' | 'duplicate' | 'ignored' | 'refused';

/**
 * Acts on a verified Stripe event. Stripe may deliver one event several times, even at once:
 * the sale's locks, the conditional paid update and the unique payment keys make the
 * first delivery the only one that changes anything.
 */
export async function handleStripeEvent(
  db: Database,
  stripe: StripeProvider,
  event: Stripe.Event,
  log: FastifyBaseLogger,
): Promise<WebhookOutcome> {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return recordStripePayment(db, stripe, event.id, event.data.object, log);
    case 'payment_intent.payment_failed': {
      const failed = event.data.object;
      // The card form already showed Stripe's message; the offer stays accepted and payable.
      log.info(
        { intentId: failed.id, code: failed.last_payment_error?.code ?? null },
        'a Stripe payment failed',
      );
      return 'ignored';
    }
    default:
      return 'ignored';
  }
}

async function recordStripePayment(
  db: Database,
  stripe: StripeProvider,
  eventId: string,
  paid: Stripe.PaymentIntent,
  log: FastifyBaseLogger,
): Promise<WebhookOutcome> {
  const intent = await findIntentByReference(db, 'stripe', paid.id);
  if (!intent) {
    log.warn(
      { intentId: paid.id, eventId },
      'a Stripe payment for an intent we do not know (another app, or its offer is gone)',
    );
    return 'ignored';
  }
  if (paid.currency !== 'bdt' || paid.amount_received !== stripe.amountOf(intent.amount)) {
    log.error(
      { intentId: paid.id, offerId: intent.offerId, received: paid.amount_received },
      'a Stripe payment does not match its offer; check it in the Stripe dashboard',
    );
    return 'refused';
  }
  // Asked before the transaction: no lock is held while Stripe answers.
  const cardLast4 = await stripe.cardLast4Of(paid.id);

  try {
    return await db.transaction(async (tx) => {
      const sale = await lockSale(tx, intent.offerId);
      if (sale?.offer.status === 'paid') return 'duplicate';
      if (sale?.offer.status !== 'accepted') {
        // Money arrived for an offer that can no longer be sold (its agent was marked as
        // fraud meanwhile, or the buyer's account was deleted): a person must refund it.
        log.error(
          { intentId: paid.id, offerId: intent.offerId, status: sale?.offer.status ?? null },
          'Stripe took a payment for an offer that can no longer be paid; refund it',
        );
        return 'refused';
      }
      await completeSale(tx, sale.listingId, {
        offerId: intent.offerId,
        provider: 'stripe',
        reference: paid.id,
        eventId,
        amount: intent.amount,
        currency: PAYMENT_CURRENCY,
        cardLast4,
      });
      return 'recorded';
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}
