import {
  OfferIdParamsSchema,
  PaymentIntentRequestSchema,
  PaymentIntentSchema,
  PaymentMethodsSchema,
  RefundResultSchema,
} from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { actorOf } from '../../auth/access.ts';
import type { PaymentsConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { bkashRoutes } from './bkash.routes.ts';
import { cardPaymentRoutes } from './card-payment.routes.ts';
import { paymentHistoryRoutes } from './payment-history.routes.ts';
import { openPaymentIntent } from './payment-intent.service.ts';
import { createPaymentProviders } from './payment-providers.ts';
import { refundPayment } from './payment-refund.service.ts';
import { sslcommerzRoutes } from './sslcommerz.routes.ts';
import { stripeWebhookRoutes } from './stripe-webhook.routes.ts';

/**
 * Payments with the enabled rails. Each provider's confirmation route exists only when
 * that provider is enabled: the sandbox takes card details itself, Stripe reports by
 * webhook. A route that could never succeed is not served.
 */
export async function paymentsRoutes(
  app: FastifyInstance,
  { db, config }: { db: Database; config: PaymentsConfig },
): Promise<void> {
  const providers = await createPaymentProviders(config, app.log);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/payment-methods',
    {
      // The operator's settings, read at start: no table, so the answer is kept until the
      // process restarts (and is forgotten with every other one if the change feed drops).
      config: { access: 'public', cache: { readFrom: [], sharedBy: 'everyone' } },
      schema: {
        tags: ['payments'],
        summary: 'The payment methods this site accepts, in the order the operator listed them',
        response: { 200: PaymentMethodsSchema },
      },
    },
    () => ({ methods: providers.map((provider) => provider.name) }),
  );

  r.post(
    '/api/v1/offers/:id/payment-intent',
    {
      config: { access: ['user'] },
      schema: {
        tags: ['payments'],
        summary:
          "Start paying your accepted offer with an enabled method: the offer's one payment intent; a second call resumes the first (user)",
        params: OfferIdParamsSchema,
        // Optional: a client that names no method gets the first enabled one.
        body: z.nullish(PaymentIntentRequestSchema),
        response: { 200: PaymentIntentSchema },
      },
    },
    (request) =>
      openPaymentIntent(db, providers, actorOf(request), request.params.id, request.body?.method),
  );

  r.post(
    '/api/v1/admin/payments/:id/refund',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['payments'],
        summary:
          "Refund a paid offer's whole payment through the rail that took it and reverse the sale; a second refund is refused (admin)",
        params: OfferIdParamsSchema,
        response: { 200: RefundResultSchema },
      },
    },
    (request) => refundPayment(db, providers, actorOf(request), request.params.id, request.log),
  );

  for (const provider of providers) {
    switch (provider.name) {
      case 'sandbox':
        await app.register(cardPaymentRoutes, { db, sandbox: provider });
        break;
      case 'stripe':
        await app.register(stripeWebhookRoutes, { db, stripe: provider });
        break;
      case 'sslcommerz':
        await app.register(sslcommerzRoutes, { db, sslcommerz: provider });
        break;
      case 'bkash':
        await app.register(bkashRoutes, { db, bkash: provider });
        break;
    }
  }
  await app.register(paymentHistoryRoutes, { db });
}
