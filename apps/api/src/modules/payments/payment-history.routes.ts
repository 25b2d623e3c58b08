import {
  AdminSalesPageSchema,
  ReceiptListQuerySchema,
  ReceiptPageSchema,
  ReceiptParamsSchema,
  ReceiptSchema,
  SalesPageSchema,
  SalesQuerySchema,
} from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { getReceipt, listAllSales, listReceipts, listSales } from './payment-history.service.ts';

export async function paymentHistoryRoutes(
  app: FastifyInstance,
  { db }: { db: Database },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/receipts',
    {
      config: { access: ['user'] },
      schema: {
        tags: ['payments'],
        summary: 'Your receipts, newest payment first (user)',
        querystring: ReceiptListQuerySchema,
        response: { 200: ReceiptPageSchema },
      },
    },
    (request) => listReceipts(db, actorOf(request), request.query),
  );

  r.get(
    '/api/v1/receipts/:offerId',
    {
      config: { access: ['user'] },
      schema: {
        tags: ['payments'],
        summary: 'The receipt of one of your paid offers (user)',
        params: ReceiptParamsSchema,
        response: { 200: ReceiptSchema },
      },
    },
    (request) => getReceipt(db, actorOf(request), request.params.offerId),
  );

  r.get(
    '/api/v1/sales',
    {
      config: { access: ['agent'] },
      schema: {
        tags: ['payments'],
        summary:
          'Your sold properties, newest first, with buyer, price paid, date and the total (agent)',
        querystring: SalesQuerySchema,
        response: { 200: SalesPageSchema },
      },
    },
    (request) => listSales(db, actorOf(request), request.query),
  );

  r.get(
    '/api/v1/admin/sales',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['payments'],
        summary:
          'Every sale on the site, newest first, with the rail that took the money and any refund (admin)',
        querystring: SalesQuerySchema,
        response: { 200: AdminSalesPageSchema },
      },
    },
    (request) => listAllSales(db, request.query),
  );
}
