import { paymentMessages } from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { StripeProvider } from './payment-provider.ts';
import { handleStripeEvent } from './stripe-webhook.service.ts';

export const STRIPE_WEBHOOK_PATH = '/api/v1/payments/stripe/webhook';

const WebhookHeadersSchema = z.object({
  'stripe-signature': z
    .string({ error: paymentMessages.webhookSignatureInvalid })
    .check(z.maxLength(4096)),
});
const WebhookAckSchema = z.object({ received: z.literal(true) });

/**
 * Stripe's signature covers the exact bytes it sent, so this plugin (and only this plugin:
 * content-type parsers are scoped to the plugin that adds them) keeps the body raw.
 */
export async function stripeWebhookRoutes(
  app: FastifyInstance,
  { db, stripe }: { db: Database; stripe: StripeProvider },
): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: 256 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    STRIPE_WEBHOOK_PATH,
    {
      // Stripe has no session: the signature on the raw body is the authentication, so no
      // page of another site can forge anything here (ADR 10).
      config: { access: 'public', crossSite: 'allowed' },
      schema: {
        tags: ['payments'],
        summary:
          'Stripe webhook: payment_intent.succeeded completes the sale; signed with STRIPE_WEBHOOK_SECRET (raw JSON body)',
        headers: WebhookHeadersSchema,
        response: { 200: WebhookAckSchema },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError('BAD_REQUEST', paymentMessages.webhookSignatureInvalid);
      }
      const event = stripe.verifyWebhook(request.body, request.headers['stripe-signature']);
      const outcome = await handleStripeEvent(db, stripe, event, request.log);
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'Stripe webhook handled');
      return { received: true as const };
    },
  );
}
