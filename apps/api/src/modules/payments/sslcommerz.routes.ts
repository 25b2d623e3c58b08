import { OfferIdParamsSchema, paymentMessages, text } from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { actorOf } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { decideHeldPayment } from './held-payment.service.ts';
import type { SslcommerzProvider } from './payment-provider.ts';
import { findIntentByReference } from './payments.repository.ts';
import { SSLCOMMERZ_IPN_PATH, SSLCOMMERZ_RETURN_PATH } from './sslcommerz-provider.ts';
import { type Settlement, settleSslcommerz } from './sslcommerz-settlement.service.ts';

/** The fields of SSLCommerz's posts we use; everything they say is checked by validation. */
const PostedSchema = z.looseObject({
  tran_id: text({ error: paymentMessages.wrongPayment }).check(z.maxLength(100)),
  val_id: z.optional(text().check(z.maxLength(100))),
  status: z.optional(text().check(z.maxLength(50))),
});
const ReturnParamsSchema = z.object({ outcome: z.enum(['success', 'fail', 'cancel']) });
const AckSchema = z.object({ received: z.literal(true) });
const DecisionSchema = z.object({
  offerId: z.string(),
  decision: z.enum(['approve', 'refuse']),
  paid: z.boolean(),
});

/** What the payment page says after the gateway sent the buyer back. */
type ReturnResult = 'paid' | 'confirming' | 'failed' | 'cancelled';

/**
 * SSLCommerz's IPN (server to server) and the buyer's return (the gateway page posts the
 * browser back). Both are cross-site POSTs by design, with no session and no Origin of
 * ours: they are let through the cross-site guard (ADR 10) because they change nothing on
 * their own word: only what the validation API confirms is recorded.
 */
export async function sslcommerzRoutes(
  app: FastifyInstance,
  { db, sslcommerz }: { db: Database; sslcommerz: SslcommerzProvider },
): Promise<void> {
  // Scoped to this plugin: SSLCommerz posts forms; nowhere else takes them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(heldPaymentRoutes, { db, sslcommerz });

  r.post(
    SSLCOMMERZ_IPN_PATH,
    {
      config: { access: 'public', crossSite: 'allowed' },
      schema: {
        tags: ['payments'],
        summary:
          "SSLCommerz IPN: completes the sale once SSLCommerz's validation API confirms val_id (form body)",
        body: PostedSchema,
        response: { 200: AckSchema },
      },
    },
    async (request) => {
      const { tran_id: tranId, val_id: valId, status } = request.body;
      const settled = valId
        ? await settleSslcommerz(db, sslcommerz, { tranId, valId }, request.log)
        : null;
      request.log.info(
        { tranId, status, outcome: settled?.outcome ?? 'ignored' },
        'SSLCommerz IPN',
      );
      return { received: true as const };
    },
  );

  r.post(
    `${SSLCOMMERZ_RETURN_PATH}/:outcome`,
    {
      config: { access: 'public', crossSite: 'allowed' },
      schema: {
        tags: ['payments'],
        summary:
          "The buyer's return from SSLCommerz's page: settles like the IPN, then sends the browser to the payment page (303)",
        params: ReturnParamsSchema,
        body: PostedSchema,
      },
    },
    async (request, reply) => {
      const { tran_id: tranId, val_id: valId } = request.body;
      let settled: Settlement | null = null;
      let result: ReturnResult = request.params.outcome === 'cancel' ? 'cancelled' : 'failed';
      if (request.params.outcome === 'success' && valId) {
        try {
          settled = await settleSslcommerz(db, sslcommerz, { tranId, valId }, request.log);
          result = resultOf(settled);
        } catch (error) {
          // The gateway could not confirm just now: the IPN or reconciliation will.
          if (!(error instanceof AppError)) throw error;
          result = 'confirming';
        }
      }
      const offerId = settled?.offerId ?? (await offerOfTransaction(db, tranId));
      const page = offerId
        ? `/dashboard/property-bought/payment/${offerId}`
        : '/dashboard/property-bought';
      return reply.redirect(`${page}?payment=${result}`, 303);
    },
  );
}

/** An admin approves or refuses a payment SSLCommerz flagged as risky (risk_level = 1). */
async function heldPaymentRoutes(
  app: FastifyInstance,
  { db, sslcommerz }: { db: Database; sslcommerz: SslcommerzProvider },
): Promise<void> {
  for (const decision of ['approve', 'refuse'] as const) {
    app.withTypeProvider<ZodTypeProvider>().post(
      `/api/v1/admin/payments/:id/${decision}`,
      {
        config: { access: ['admin'] },
        schema: {
          tags: ['payments'],
          summary: `${decision === 'approve' ? 'Approve' : 'Refuse'} an offer's payment held for risk (admin)`,
          params: OfferIdParamsSchema,
          response: { 200: DecisionSchema },
        },
      },
      (request) =>
        decideHeldPayment(
          db,
          sslcommerz,
          actorOf(request),
          request.params.id,
          decision,
          request.log,
        ),
    );
  }
}

function resultOf(settled: Settlement): ReturnResult {
  switch (settled.outcome) {
    case 'recorded':
    case 'duplicate':
      return 'paid';
    case 'held':
      return 'confirming';
    default:
      return 'failed';
  }
}

async function offerOfTransaction(db: Database, tranId: string): Promise<string | null> {
  return (await findIntentByReference(db, 'sslcommerz', tranId))?.offerId ?? null;
}
