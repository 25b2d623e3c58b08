import type { ListingCounts, ListingStatus } from '@basha/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { listing } from '../../db/schema.ts';
import type { ListingCursor } from './listing-cursor.ts';
import { orderOf, selectListings, sortKeyOf, startingAfter } from './listing-reads.ts';
import type { ManagedListingRow } from './listing-views.ts';

// The lists listings are managed from: an agent's own (every status) and the admins' (all).

/**
 * Every listing of one agent, or (agentId omitted) every listing, optionally of one status.
 * A status counts listed ones only: a fraud agent's hidden listings keep their status but
 * are no longer verified, pending or rejected for anyone to act on (see the counts below).
 */
export function listListingsNewestFirst(
  db: Database,
  filter: { agentId?: string; status?: ListingStatus },
  after: ListingCursor | null,
  limit: number,
): Promise<ManagedListingRow[]> {
  return selectListings(db)
    .where(
      and(
        filter.agentId ? eq(listing.agentId, filter.agentId) : undefined,
        filter.status
          ? and(eq(listing.status, filter.status), isNull(listing.delistedAt))
          : undefined,
        after ? startingAfter(after.sort, sortKeyOf(after), after.id) : undefined,
      ),
    )
    .orderBy(...orderOf('newest'))
    .limit(limit);
}

/**
 * The Manage Properties counts, each the number of rows its status filter shows: listings
 * hidden because their agent was marked as fraud count as hidden, not under their status
 * (nothing more can be done with them), and the total is every listing.
 */
export async function countListingsByStatus(db: Database): Promise<ListingCounts> {
  const listed = isNull(listing.delistedAt);
  const countWhere = (status: ListingStatus) =>
    sql`count(*) filter (where ${and(eq(listing.status, status), listed)})`.mapWith(Number);
  const [counts] = await db
    .select({
      total: sql`count(*)`.mapWith(Number),
      verified: countWhere('verified'),
      pending: countWhere('pending'),
      rejected: countWhere('rejected'),
      hidden: sql`count(*) filter (where ${listing.delistedAt} is not null)`.mapWith(Number),
    })
    .from(listing);
  return counts ?? { total: 0, verified: 0, pending: 0, rejected: 0, hidden: 0 };
}
