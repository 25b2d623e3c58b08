import { OfferIdParamsSchema, PaymentIntentSchema } from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access.ts';
import type { PaymentsConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { cardPaymentRoutes } from './card-payment.routes.ts';
import { paymentHistoryRoutes } from './payment-history.routes.ts';
import { openPaymentIntent } from './payment-intent.service.ts';
import { createPaymentProvider } from './payment-provider.ts';
import { stripeWebhookRoutes } from './stripe-webhook.routes.ts';

/**
 * Payments with the configured provider. Each provider's confirmation route exists only
 * when that provider is configured: the sandbox takes card details itself, Stripe reports
 * by webhook. A route that could never succeed is not served.
 */
export async function paymentsRoutes(
  app: FastifyInstance,
  { db, config }: { db: Database; config: PaymentsConfig },
): Promise<void> {
  const provider = createPaymentProvider(config, app.log);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/offers/:id/payment-intent',
    {
      config: { access: ['user'] },
      schema: {
        tags: ['payments'],
        summary:
          "Start paying your accepted offer: the offer's one payment intent, the same on every call (user)",
        params: OfferIdParamsSchema,
        response: { 200: PaymentIntentSchema },
      },
    },
    (request) => openPaymentIntent(db, provider, actorOf(request), request.params.id),
  );

  if (provider.name === 'sandbox') await app.register(cardPaymentRoutes, { db, sandbox: provider });
  else await app.register(stripeWebhookRoutes, { db, stripe: provider });
  await app.register(paymentHistoryRoutes, { db });
}
