import { and, eq, isNull, type SQL } from 'drizzle-orm';
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
