import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { listing } from '../../db/schema.ts';
import { isPublicListing } from './listing-visibility.ts';

/**
 * Share-locks a listing for the rest of the transaction when it meets `condition` (by default:
 * it is public), so it cannot be sold or delisted between the check and the row written about
 * it (a wishlist item, a review). False when the listing does not meet it or does not exist.
 */
export async function shareLockListingIf(
  tx: Database,
  listingId: string,
  condition: SQL = isPublicListing(),
): Promise<boolean> {
  const [row] = await tx
    .select({ id: listing.id })
    .from(listing)
    .where(and(eq(listing.id, listingId), condition))
    .for('share', { of: listing });
  return row !== undefined;
}
