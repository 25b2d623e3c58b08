import {
  LatestListingsSchema,
  ListingDetailsSchema,
  ListingIdParamsSchema,
  ListingPageSchema,
  ListingSearchCountsQuerySchema,
  ListingSearchCountsSchema,
  ListingSearchQuerySchema,
} from '@basha/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { type CachePolicy, markPublicView } from '../../performance/response-cache.ts';
import * as browse from './browse-listings.service.ts';
import type { ListingSearchMemory } from './search-index/listing-search-memory.ts';

/** Public listings with their agents: the same answer for every caller. */
const sameForEveryone: CachePolicy = { readFrom: ['listings', 'users'], sharedBy: 'everyone' };

export async function browseListingRoutes(
  app: FastifyInstance,
  {
    db,
    publicListings,
    searchMemory,
  }: { db: Database; publicListings: boolean; searchMemory?: ListingSearchMemory },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // PUBLIC_LISTINGS: visitors browse and open public listings (what the home page's public
  // cards already show them); otherwise the spec's login guard.
  const browseAccess = publicListings ? 'public' : 'signedIn';
  const detailsAccess = publicListings ? 'optional' : 'signedIn';

  r.get(
    '/api/v1/listings',
    {
      config: { access: browseAccess, cache: sameForEveryone },
      schema: {
        tags: ['listings'],
        summary:
          'Browse verified properties: location (address or place, English or Bangla), price window, type, place, rooms, size, amenities, completion; five sorts, keyset pages',
        querystring: ListingSearchQuerySchema,
        response: { 200: ListingPageSchema },
      },
    },
    (request) => browse.browseListings(db, request.query, searchMemory),
  );

  r.get(
    '/api/v1/listings/counts',
    {
      // Counts read listings alone: an agent renaming themselves does not change them.
      config: { access: browseAccess, cache: { readFrom: ['listings'], sharedBy: 'everyone' } },
      schema: {
        tags: ['listings'],
        summary:
          'How many verified properties match a search (capped), and per type with the type filter left out',
        querystring: ListingSearchCountsQuerySchema,
        response: { 200: ListingSearchCountsSchema },
      },
    },
    (request) => browse.countListings(db, request.query, searchMemory),
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
        access: detailsAccess,
        cache: {
          readFrom: ['listings', 'listing_photos', 'users', 'listing_revisions'],
          sharedBy: 'users-public-view',
        },
      },
      schema: {
        tags: ['listings'],
        summary:
          'One property: public ones for everyone signed in (and visitors with PUBLIC_LISTINGS), any status for its agent and admins',
        params: ListingIdParamsSchema,
        response: { 200: ListingDetailsSchema },
      },
    },
    async (request) => {
      const { listing, sameForEveryReader } = await browse.readListing(
        db,
        request.actor,
        request.params.id,
      );
      // Visitors never get the agent's phone, so only an answer without one is shared.
      if (sameForEveryReader) markPublicView(request);
      return listing;
    },
  );
}
