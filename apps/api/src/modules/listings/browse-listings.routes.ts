import {
  isPublicListing,
  LatestListingsSchema,
  ListingBrowseQuerySchema,
  ListingDetailsSchema,
  ListingIdParamsSchema,
  ListingPageSchema,
} from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { type CachePolicy, markPublicView } from '../../performance/response-cache.ts';
import * as browse from './browse-listings.service.ts';

/** Public listings with their agents: the same answer for every caller. */
const sameForEveryone: CachePolicy = { readFrom: ['listings', 'users'], sharedBy: 'everyone' };

export async function browseListingRoutes(
  app: FastifyInstance,
  { db }: { db: Database },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/listings',
    {
      config: { access: 'signedIn', cache: sameForEveryone },
      schema: {
        tags: ['listings'],
        summary: 'Browse verified properties: location search, price window, sort',
        querystring: ListingBrowseQuerySchema,
        response: { 200: ListingPageSchema },
      },
    },
    (request) => browse.browseListings(db, request.query),
  );

  r.get(
    '/api/v1/listings/latest',
    {
      config: { access: 'public', cache: sameForEveryone },
      schema: {
        tags: ['listings'],
        summary: 'The newest verified properties, for the home page',
        response: { 200: LatestListingsSchema },
      },
    },
    () => browse.latestListings(db),
  );

  r.get(
    '/api/v1/listings/:id',
    {
      config: {
        access: 'signedIn',
        cache: { readFrom: ['listings', 'users'], sharedBy: 'users-public-view' },
      },
      schema: {
        tags: ['listings'],
        summary: 'One property: public ones for everyone, any status for its agent and admins',
        params: ListingIdParamsSchema,
        response: { 200: ListingDetailsSchema },
      },
    },
    async (request) => {
      const listing = await browse.getListing(db, actorOf(request), request.params.id);
      if (isPublicListing(listing)) markPublicView(request);
      return listing;
    },
  );
}
