import {
  type CreateReviewInput,
  FEATURED_REVIEWS_MAX,
  type FeaturedReviews,
  isPublicListing,
  type MyReviewsQuery,
  type Review,
  type ReviewListQuery,
  type ReviewPage,
  reviewMessages,
} from '@basha/domain';
import { and, type SQL } from 'drizzle-orm';
import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { decodeNewestFirstCursor, newestFirstPage } from '../../http/newest-first-page.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { findVisibleListing } from '../listings/listing-details.repository.ts';
import { toManagedListing } from '../listings/listing-views.ts';
import { recordListingNotification } from '../notifications/notifications.repository.ts';
import * as repo from './reviews.repository.ts';

export function toReview(row: repo.ReviewRow): Review {
  return {
    id: row.id,
    rating: row.rating,
    text: row.text,
    featured: row.featuredAt !== null,
    createdAt: row.createdAt.toISOString(),
    reviewer: {
      id: row.reviewerId,
      name: row.reviewerName,
      photoUrl: row.reviewerPhotoUrl,
      role: row.reviewerRole,
    },
    listing: { id: row.listingId, title: row.listingTitle },
  };
}

/**
 * One review per user per listing, on public listings and, from its buyer, on a sold one;
 * the database settles doubles.
 */
export async function createReview(
  db: Database,
  actor: Actor,
  listingId: string,
  input: CreateReviewInput,
): Promise<Review> {
  return db.transaction(async (tx) => {
    if (!(await repo.lockReviewableListing(tx, listingId, actor.id))) {
      throw new AppError('NOT_FOUND', reviewMessages.listingNotFound);
    }
    const id = await repo.insertReview(tx, {
      listingId: listingId,
      reviewerId: actor.id,
      rating: input.rating,
      text: input.text,
    });
    if (!id) throw new AppError('CONFLICT', reviewMessages.alreadyReviewed);
    await recordListingNotification(tx, 'reviewReceived', listingId, { rating: input.rating });
    return toReview(await mustFind(tx, id));
  });
}

/**
 * A listing's reviews, to whoever may see the listing itself (the details page's rule; a
 * visitor, `null`, sees public listings only), and whether the listing is public (so
 * everyone sees the same).
 */
export async function listListingReviews(
  db: Database,
  actor: Actor | null,
  listingId: string,
  query: ReviewListQuery,
): Promise<{ page: ReviewPage; listingIsPublic: boolean }> {
  const listing = await findVisibleListing(db, listingId, actor);
  if (!listing) throw new AppError('NOT_FOUND', reviewMessages.listingNotFound);
  const page = await listPage(db, repo.reviewsOfListing(listingId), query);
  return { page, listingIsPublic: isPublicListing(toManagedListing(listing.row)) };
}

export function listMyReviews(db: Database, actor: Actor, query: MyReviewsQuery) {
  const filter = query.listingId
    ? and(repo.reviewsBy(actor.id), repo.reviewsOfListing(query.listingId))
    : repo.reviewsBy(actor.id);
  return listPage(db, filter, query);
}

export function listAllReviews(db: Database, query: ReviewListQuery) {
  return listPage(db, undefined, query);
}

async function listPage(
  db: Database,
  filter: SQL | undefined,
  query: ReviewListQuery,
): Promise<ReviewPage> {
  const after = decodeNewestFirstCursor(query.cursor);
  const rows = await repo.listReviews(db, filter, after, query.limit);
  return newestFirstPage(rows, query.limit, toReview);
}

export async function homeStrip(db: Database): Promise<FeaturedReviews> {
  const rows = await repo.listHomeStrip(db, FEATURED_REVIEWS_MAX);
  return { items: rows.map(toReview) };
}

/** A user deletes their own review (another's is 404); an admin deletes any, on the record. */
export async function deleteReview(db: Database, actor: Actor, id: string): Promise<void> {
  if (actor.role !== 'admin') {
    const deleted = await repo.deleteReview(db, id, actor.id);
    if (!deleted) throw new AppError('NOT_FOUND', reviewMessages.reviewNotFound);
    return;
  }
  await db.transaction(async (tx) => {
    const deleted = await repo.deleteReview(tx, id);
    if (!deleted) throw new AppError('NOT_FOUND', reviewMessages.reviewNotFound);
    await recordAudit(
      tx,
      actor,
      'review.deleted',
      { type: 'review', id },
      { listingId: deleted.listingId, reviewerId: deleted.reviewerId, rating: deleted.rating },
    );
  });
}

/**
 * Features a review on the home page strip. Featuring an already featured review changes
 * nothing; a fourth one is refused while three are featured.
 */
export function featureReview(db: Database, actor: Actor, id: string): Promise<Review> {
  return db.transaction(async (tx) => {
    await repo.lockFeaturedSet(tx);
    const target = await repo.findReviewForFeaturing(tx, id);
    if (!target) throw new AppError('NOT_FOUND', reviewMessages.reviewNotFound);
    if (!target.featured) {
      if (!target.listingIsPublic) throw new AppError('CONFLICT', reviewMessages.notFeaturable);
      if ((await repo.countFeatured(tx)) >= FEATURED_REVIEWS_MAX) {
        throw new AppError('CONFLICT', reviewMessages.tooManyFeatured);
      }
      await repo.setFeatured(tx, id, true);
      await recordAudit(tx, actor, 'review.featured', { type: 'review', id });
    }
    return toReview(await mustFind(tx, id));
  });
}

/** Takes a review off the home page strip; unfeaturing one that is not featured changes nothing. */
export function unfeatureReview(db: Database, actor: Actor, id: string): Promise<Review> {
  return db.transaction(async (tx) => {
    await repo.lockFeaturedSet(tx);
    const target = await repo.findReviewForFeaturing(tx, id);
    if (!target) throw new AppError('NOT_FOUND', reviewMessages.reviewNotFound);
    if (target.featured) {
      await repo.setFeatured(tx, id, false);
      await recordAudit(tx, actor, 'review.unfeatured', { type: 'review', id });
    }
    return toReview(await mustFind(tx, id));
  });
}

async function mustFind(tx: Database, id: string): Promise<repo.ReviewRow> {
  const row = await repo.findReview(tx, id);
  if (!row) throw new AppError('NOT_FOUND', reviewMessages.reviewNotFound);
  return row;
}
