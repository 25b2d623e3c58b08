import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { listing } from '../../db/schema.ts';

/**
 * The one definition of a public listing: verified, not sold, not delisted. Browse, details
 * for ordinary users, wishlists, offers and reviews all use it.
 */
export function isPublicListing(): SQL {
  return and(
    eq(listing.status, 'verified'),
    isNull(listing.soldAt),
    isNull(listing.delistedAt),
  ) as SQL;
}

/** Whether the listing exists and is public now (no lock: for saying why a write did nothing). */
export async function isListingPublic(db: Database, listingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: listing.id })
    .from(listing)
    .where(and(eq(listing.id, listingId), isPublicListing()));
  return row !== undefined;
}
