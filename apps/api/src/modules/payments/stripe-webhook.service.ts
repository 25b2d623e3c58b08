import { PAYMENT_CURRENCY } from '@basha/domain';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Database } from '../../db/client.ts';
import { recordConfirmedPayment } from './complete-sale.ts';
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

/** Records a PaymentIntent Stripe reports as succeeded (a webhook, or reconciliation asking). */
export async function recordStripePayment(
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

  return recordConfirmedPayment(
    db,
    {
      offerId: intent.offerId,
      provider: 'stripe',
      reference: paid.id,
      eventId,
      amount: intent.amount,
      currency: PAYMENT_CURRENCY,
      cardLast4,
    },
    log,
    'Stripe',
  );
}
