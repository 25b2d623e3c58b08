import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { listing, offer, review, wishlistItem } from '../../db/schema.ts';

/** Offers still in play; paid ones are completed sales and rejected ones are history. */
const OPEN_OFFER_STATUSES = ['pending', 'accepted'] as const;

export type DelistingOutcome = {
  delistedListings: number;
  removedWishlistItems: number;
  rejectedOffers: number;
  unfeaturedReviews: number;
};

/**
 * Takes every unsold listing of a fraud agent out of public view, inside the caller's
 * transaction: delisted, off every wishlist, open offers rejected, reviews off the home
 * strip. Sold listings and paid offers stay untouched, so completed sales stay on record.
 */
export async function delistAgentListings(
  tx: Database,
  agentId: string,
): Promise<DelistingOutcome> {
  const delisted = await tx
    .update(listing)
    .set({ delistedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(listing.agentId, agentId), isNull(listing.soldAt), isNull(listing.delistedAt)))
    .returning({ id: listing.id });

  const unsoldListings = tx
    .select({ id: listing.id })
    .from(listing)
    .where(and(eq(listing.agentId, agentId), isNull(listing.soldAt)));

  const removedWishlistItems = await tx
    .delete(wishlistItem)
    .where(inArray(wishlistItem.listingId, unsoldListings))
    .returning({ id: wishlistItem.id });
  const rejectedOffers = await tx
    .update(offer)
    .set({ status: 'rejected', decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(inArray(offer.listingId, unsoldListings), inArray(offer.status, OPEN_OFFER_STATUSES)),
    )
    .returning({ id: offer.id });
  // Frees their home-strip slots: a delisted listing's review can no longer be shown there.
  const unfeaturedReviews = await tx
    .update(review)
    .set({ featuredAt: null })
    .where(and(inArray(review.listingId, unsoldListings), isNotNull(review.featuredAt)))
    .returning({ id: review.id });

  return {
    delistedListings: delisted.length,
    removedWishlistItems: removedWishlistItems.length,
    rejectedOffers: rejectedOffers.length,
    unfeaturedReviews: unfeaturedReviews.length,
  };
}

/**
 * Deletes a buyer's open offers before their account goes. Their paid and rejected offers
 * stay, anonymized by the foreign key (buyer_id ON DELETE SET NULL).
 */
export async function deleteOpenOffersOf(tx: Database, buyerId: string): Promise<number> {
  const deleted = await tx
    .delete(offer)
    .where(and(eq(offer.buyerId, buyerId), inArray(offer.status, OPEN_OFFER_STATUSES)))
    .returning({ id: offer.id });
  return deleted.length;
}
