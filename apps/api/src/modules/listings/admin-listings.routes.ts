import {
  AdminListingPageSchema,
  AdminListingQuerySchema,
  ListingDetailsSchema,
  ListingIdParamsSchema,
  RejectListingInputSchema,
} from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { actorOf } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import * as adminListings from './admin-listings.service.ts';

const adminOnly = { access: ['admin'] as const };

export async function adminListingRoutes(
  app: FastifyInstance,
  { db }: { db: Database },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/admin/listings',
    {
      config: adminOnly,
      schema: {
        tags: ['listings'],
        summary: 'Every property, newest first, optionally of one status, with counts (admin)',
        querystring: AdminListingQuerySchema,
        response: { 200: AdminListingPageSchema },
      },
    },
    (request) => adminListings.listAllListings(db, request.query),
  );

  r.post(
    '/api/v1/listings/:id/verify',
    {
      config: adminOnly,
      schema: {
        tags: ['listings'],
        summary: 'Verify a Pending property (admin)',
        params: ListingIdParamsSchema,
        response: { 200: ListingDetailsSchema },
      },
    },
    (request) => adminListings.verifyListing(db, actorOf(request), request.params.id),
  );

  r.post(
    '/api/v1/listings/:id/reject',
    {
      config: adminOnly,
      schema: {
        tags: ['listings'],
        summary: 'Reject a Pending property, optionally saying why to its agent (admin)',
        params: ListingIdParamsSchema,
        // No body at all (Fastify makes it null) simply means no reason was given.
        body: z.nullable(RejectListingInputSchema),
        response: { 200: ListingDetailsSchema },
      },
    },
    (request) =>
      adminListings.rejectListing(
        db,
        actorOf(request),
        request.params.id,
        request.body?.reason ?? null,
      ),
  );
}
