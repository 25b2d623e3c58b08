import { paymentMessages } from '@basha/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentRailConfig } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import type { StripeProvider } from './payment-provider.ts';

type StripeConfig = Extract<PaymentRailConfig, { provider: 'stripe' }>;

/** Stripe's own default: a signed event older than five minutes is a replay. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/** BDT is a two-decimal currency at Stripe: amounts go in poisha. */
const POISHA_PER_TAKA = 100;

export async function createStripeProvider(
  config: StripeConfig,
  log: FastifyBaseLogger,
): Promise<StripeProvider> {
  // Loaded only where the rail is enabled: Stripe's SDK cost every start of the API about
  // 0.17 s of CPU, most of them on sites that do not take cards through Stripe.
  const { default: StripeClient } = await import('stripe');
  /** Stripe answered and refused (a request error of its own), as against being unreachable. */
  const refusedByStripe = (error: unknown): error is Error =>
    error instanceof StripeClient.errors.StripeInvalidRequestError;
  const intentFailure = (error: unknown): AppError => {
    if (refusedByStripe(error)) {
      log.warn({ err: error }, 'Stripe refused to create a PaymentIntent');
      return new AppError('CONFLICT', paymentMessages.providerRefusedBecause, {
        params: { reason: error.message },
      });
    }
    log.error({ err: error }, 'Stripe could not create a PaymentIntent');
    return new AppError('SERVICE_UNAVAILABLE', paymentMessages.providerUnavailable);
  };
  const stripe = new StripeClient(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...apiAddressOf(config.apiBase),
  });
  const amountOf = (taka: number) => taka * POISHA_PER_TAKA;

  return {
    name: 'stripe',
    publishableKey: config.publishableKey,
    amountOf,

    async createIntent({ offerId, amount }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountOf(amount),
            currency: 'bdt',
            allowed_payment_method_types: ['card'],
            metadata: { offerId },
          },
          // The same key for every attempt: Stripe answers a retry with the intent it made.
          { idempotencyKey: `offer-${offerId}` },
        );
        if (!intent.client_secret)
          throw new Error(`PaymentIntent ${intent.id} has no client secret`);
        return { reference: intent.id, clientSecret: intent.client_secret };
      } catch (error) {
        throw intentFailure(error);
      }
    },

    verifyWebhook(rawBody, signature) {
      try {
        return stripe.webhooks.constructEvent(
          rawBody,
          signature,
          config.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch {
        // A wrong signature, a stale timestamp or a body that is not an event: nothing to act on.
        throw new AppError('BAD_REQUEST', paymentMessages.webhookSignatureInvalid);
      }
    },

    async refund({ offerId, intentReference, amount }) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: intentReference, amount: amountOf(amount) },
          // One key per offer: a retry after a lost answer gets the same refund back.
          { idempotencyKey: `refund-${offerId}` },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') {
          return { refunded: false, reason: refund.failure_reason ?? null };
        }
        return { refunded: true, reference: refund.id };
      } catch (error) {
        if (refusedByStripe(error)) {
          log.warn({ err: error, offerId }, 'Stripe refused a refund');
          return { refunded: false, reason: error.message };
        }
        log.error({ err: error, offerId }, 'Stripe could not be reached for a refund');
        throw new AppError('SERVICE_UNAVAILABLE', paymentMessages.providerUnavailable);
      }
    },

    async retrieveIntent(intentId) {
      try {
        return await stripe.paymentIntents.retrieve(intentId);
      } catch (error) {
        log.error({ err: error, intentId }, 'Stripe could not be reached for an intent');
        throw new AppError('SERVICE_UNAVAILABLE', paymentMessages.providerUnavailable);
      }
    },

    async cardLast4Of(intentId) {
      try {
        const intent = await stripe.paymentIntents.retrieve(intentId, {
          expand: ['payment_method'],
        });
        const method = intent.payment_method;
        const last4 = typeof method === 'object' ? method?.card?.last4 : undefined;
        return last4 && /^\d{4}$/.test(last4) ? last4 : null;
      } catch (error) {
        // The payment is real whether or not we learn the card's last digits.
        log.warn({ err: error, intentId }, 'could not read the card of a Stripe payment');
        return null;
      }
    },
  };
}

function apiAddressOf(apiBase: URL | undefined) {
  if (!apiBase) return {};
  const protocol = apiBase.protocol === 'http:' ? 'http' : 'https';
  return {
    host: apiBase.hostname,
    port: apiBase.port || (protocol === 'http' ? 80 : 443),
    protocol,
  } as const;
}
