import type { FastifyInstance } from 'fastify';
import { adminListingRoutes } from './admin-listings.routes.ts';
import { agentListingRoutes } from './agent-listings.routes.ts';
import type { ListingDeps } from './agent-listings.service.ts';
import { browseListingRoutes } from './browse-listings.routes.ts';
import { listingRevisionRoutes } from './listing-revisions.routes.ts';
import type { ListingSearchMemory } from './search-index/listing-search-memory.ts';

/**
 * The listings module: browsing for everyone, managing for agents, reviewing for admins.
 * `publicListings` (PUBLIC_LISTINGS): visitors may browse and open public listings too.
 * `searchMemory`: searches answered from memory (the embedded database; ADR 33).
 */
export async function listingsRoutes(
  app: FastifyInstance,
  deps: ListingDeps & { publicListings: boolean; searchMemory?: ListingSearchMemory },
): Promise<void> {
  await app.register(browseListingRoutes, deps);
  await app.register(agentListingRoutes, deps);
  await app.register(adminListingRoutes, deps);
  await app.register(listingRevisionRoutes, deps);
}
