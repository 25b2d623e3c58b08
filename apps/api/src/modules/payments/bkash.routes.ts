import { text } from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { BKASH_CALLBACK_PATH } from './bkash-provider.ts';
import { type BkashSettlement, settleBkash } from './bkash-settlement.service.ts';
import type { BkashProvider } from './payment-provider.ts';
import { findIntentByReference } from './payments.repository.ts';

const CallbackQuerySchema = z.object({
  paymentID: text().check(z.maxLength(100)),
  status: text().check(z.maxLength(30)),
});

/**
 * bKash sends the buyer back here (a GET navigation) with `paymentID` and `status`. The
 * status is not believed: `success` only leads to executing the payment with bKash.
 */
export async function bkashRoutes(
  app: FastifyInstance,
  { db, bkash }: { db: Database; bkash: BkashProvider },
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    BKASH_CALLBACK_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary:
          "The buyer's return from bKash: on success the payment is executed (or its status asked), then 303 to the payment page",
        querystring: CallbackQuerySchema,
      },
    },
    async (request, reply) => {
      const { paymentID, status } = request.query;
      let result = status === 'cancel' ? 'cancelled' : 'failed';
      let settled: BkashSettlement | null = null;
      if (status === 'success') {
        try {
          settled = await settleBkash(db, bkash, paymentID, request.log);
          result = resultOf(settled);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          result = 'confirming';
        }
      }
      const offerId =
        settled?.offerId ?? (await findIntentByReference(db, 'bkash', paymentID))?.offerId;
      const page = offerId
        ? `/dashboard/property-bought/payment/${offerId}`
        : '/dashboard/property-bought';
      return reply.redirect(`${page}?payment=${result}`, 303);
    },
  );
}

function resultOf(settled: BkashSettlement): string {
  switch (settled.outcome) {
    case 'recorded':
    case 'duplicate':
      return 'paid';
    case 'uncertain':
      return 'confirming';
    default:
      return 'failed';
  }
}
