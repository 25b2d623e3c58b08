import { and, desc, eq, exists, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { listing, offer, review, user } from '../../db/schema.ts';
import { exactTimestamp, olderThan } from '../../http/newest-first-page.ts';
import { shareLockListingIf } from '../listings/listing-lock.ts';
import { isPublicListing } from '../listings/listing-visibility.ts';

const reviewColumns = {
  id: review.id,
  rating: review.rating,
  text: review.text,
  featuredAt: review.featuredAt,
  createdAt: review.createdAt,
  exactCreatedAt: exactTimestamp(review.createdAt),
  reviewerId: user.id,
  reviewerName: user.name,
  reviewerPhotoUrl: user.image,
  reviewerRole: user.role,
  listingId: listing.id,
  listingTitle: listing.title,
};

function selectReviews(db: Database) {
  return db
    .select(reviewColumns)
    .from(review)
    .innerJoin(user, eq(user.id, review.reviewerId))
    .innerJoin(listing, eq(listing.id, review.listingId));
}

export type ReviewRow = Awaited<ReturnType<ReturnType<typeof selectReviews>['execute']>>[number];

/**
 * Share-locks a listing the reviewer may review for the rest of the transaction, so it
 * cannot be delisted or sold between the check and the review being written: a public
 * listing, or a sold one this reviewer paid for (the buyer is the one who really knows it).
 * False otherwise.
 */
export async function lockReviewableListing(
  tx: Database,
  listingId: string,
  reviewerId: string,
): Promise<boolean> {
  const boughtByReviewer = exists(
    tx
      .select({ id: offer.id })
      .from(offer)
      .where(
        and(
          eq(offer.listingId, listing.id),
          eq(offer.buyerId, reviewerId),
          eq(offer.status, 'paid'),
        ),
      ),
  );
  return shareLockListingIf(tx, listingId, or(isPublicListing(), boughtByReviewer));
}

/** Inserts the review, or returns null when this reviewer already reviewed the listing. */
export async function insertReview(
  tx: Database,
  values: { listingId: string; reviewerId: string; rating: number; text: string },
): Promise<string | null> {
  const [row] = await tx
    .insert(review)
    .values(values)
    .onConflictDoNothing({ target: [review.reviewerId, review.listingId] })
    .returning({ id: review.id });
  return row?.id ?? null;
}

export async function findReview(db: Database, id: string): Promise<ReviewRow | undefined> {
  const [row] = await selectReviews(db).where(eq(review.id, id));
  return row;
}

/** Newest first, keyset-paginated; fetches `limit + 1` rows so the caller knows if more exist. */
export function listReviews(
  db: Database,
  filter: SQL | undefined,
  after: { createdAt: string; id: string } | null,
  limit: number,
): Promise<ReviewRow[]> {
  return selectReviews(db)
    .where(and(filter, olderThan(review.createdAt, review.id, after)))
    .orderBy(desc(review.createdAt), desc(review.id))
    .limit(limit + 1);
}

export const reviewsOfListing = (listingId: string) => eq(review.listingId, listingId);
export const reviewsBy = (reviewerId: string) => eq(review.reviewerId, reviewerId);

/**
 * The home page strip: featured reviews (most recently featured first), then the latest
 * others, all on public listings. At most FEATURED_REVIEWS_MAX are ever featured, so the
 * featured ones always come first within `limit`.
 */
export function listHomeStrip(db: Database, limit: number): Promise<ReviewRow[]> {
  return selectReviews(db)
    .where(isPublicListing())
    .orderBy(sql`${review.featuredAt} desc nulls last`, desc(review.createdAt), desc(review.id))
    .limit(limit);
}

/** Deletes a review; with `reviewerId`, only when it is that reviewer's own. */
export async function deleteReview(
  tx: Database,
  id: string,
  reviewerId?: string,
): Promise<{ id: string; listingId: string; reviewerId: string; rating: number } | undefined> {
  const [row] = await tx
    .delete(review)
    .where(and(eq(review.id, id), reviewerId ? eq(review.reviewerId, reviewerId) : undefined))
    .returning({
      id: review.id,
      listingId: review.listingId,
      reviewerId: review.reviewerId,
      rating: review.rating,
    });
  return row;
}

/**
 * Serializes every change to the featured set. Row locks cannot guard "at most three":
 * the row that would be the fourth is not featured yet, so there is nothing to lock.
 */
export async function lockFeaturedSet(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('basha.reviews.featured'))`);
}

export async function countFeatured(tx: Database): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(review)
    .where(isNotNull(review.featuredAt));
  return Number(row?.count ?? 0);
}

/** The review with whether its listing is public; row-locked for the decision that follows. */
export async function findReviewForFeaturing(
  tx: Database,
  id: string,
): Promise<{ id: string; featured: boolean; listingIsPublic: boolean } | undefined> {
  const [row] = await tx
    .select({
      id: review.id,
      featured: sql<boolean>`${review.featuredAt} is not null`,
      listingIsPublic: sql<boolean>`${isPublicListing()}`,
    })
    .from(review)
    .innerJoin(listing, eq(listing.id, review.listingId))
    .where(eq(review.id, id))
    .for('update', { of: review });
  return (
    row && {
      ...row,
      featured: Boolean(row.featured),
      listingIsPublic: Boolean(row.listingIsPublic),
    }
  );
}

export async function setFeatured(tx: Database, id: string, featured: boolean): Promise<void> {
  await tx
    .update(review)
    .set({ featuredAt: featured ? sql`now()` : null })
    .where(
      and(eq(review.id, id), featured ? isNull(review.featuredAt) : isNotNull(review.featuredAt)),
    );
}
