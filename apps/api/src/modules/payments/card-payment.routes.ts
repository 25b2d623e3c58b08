import { CardPaymentInputSchema, OfferIdParamsSchema, ReceiptSchema } from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { payWithCard } from './card-payment.service.ts';
import type { SandboxProvider } from './payment-provider.ts';

/**
 * Card details pass through here and nowhere else. Nothing logs request bodies (Fastify's
 * request log has method and URL only), validation messages never repeat a value, and
 * only the last four digits are stored.
 */
export async function cardPaymentRoutes(
  app: FastifyInstance,
  { db, sandbox }: { db: Database; sandbox: SandboxProvider },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/offers/:id/payment',
    {
      config: { access: ['user'] },
      schema: {
        tags: ['payments'],
        summary:
          'Pay your accepted offer by card (sandbox provider): the receipt, or 402 with the decline (user)',
        params: OfferIdParamsSchema,
        body: CardPaymentInputSchema,
        response: { 200: ReceiptSchema },
      },
    },
    (request) => payWithCard(db, sandbox, actorOf(request), request.params.id, request.body),
  );
}
