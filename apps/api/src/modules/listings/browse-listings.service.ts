import {
  isPublicListing,
  LATEST_LISTINGS_COUNT,
  type LatestListings,
  LISTING_SEARCH_COUNT_CAP,
  LISTING_TYPES,
  type ListingDetails,
  type ListingPage,
  type ListingSearchCounts,
  type ListingSearchCountsQuery,
  type ListingSearchQuery,
  listingMessages,
} from '@basha/domain';
import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import {
  browsePublicListings,
  countPublicListings,
  latestPublicListings,
} from './browse-listings.repository.ts';
import { toListingCard } from './listing-card.ts';
import { decodeListingCursor, toPage } from './listing-cursor.ts';
import { findVisibleListingWithGallery } from './listing-details.repository.ts';
import { toGalleryPhoto } from './listing-gallery.ts';
import { revisionStateOf } from './listing-revision-state.ts';
import { pendingEditsOf } from './listing-revisions.repository.ts';
import { toListingDetails, toPendingListingEdit } from './listing-views.ts';
import type { ListingSearchMemory } from './search-index/listing-search-memory.ts';

/** A page of public listings: from memory when it can answer, else from the database (ADR 33). */
export async function browseListings(
  db: Database,
  query: ListingSearchQuery,
  memory?: ListingSearchMemory,
): Promise<ListingPage> {
  const after = query.cursor ? decodeListingCursor(query.cursor, query.sort) : null;
  const limit = query.limit + 1;
  const rows =
    (await memory?.page(query, query.sort, after, limit)) ??
    (await browsePublicListings(db, query, query.sort, after, limit));
  return toPage(rows, query.limit, query.sort, toListingCard);
}

/** How many listings match a search, and per type with the type filter left out. */
export async function countListings(
  db: Database,
  query: ListingSearchCountsQuery,
  memory?: ListingSearchMemory,
): Promise<ListingSearchCounts> {
  const counts =
    (await memory?.counts(query, LISTING_SEARCH_COUNT_CAP)) ??
    (await countPublicListings(db, query, LISTING_SEARCH_COUNT_CAP));
  return {
    total: counts.total,
    byType: Object.fromEntries(
      LISTING_TYPES.map((type) => [type, counts.byType.get(type) ?? 0]),
    ) as ListingSearchCounts['byType'],
    capped: counts.capped,
    typesCapped: counts.typesCapped,
  };
}

export async function latestListings(db: Database): Promise<LatestListings> {
  const rows = await latestPublicListings(db, LATEST_LISTINGS_COUNT);
  return { items: rows.map(toListingCard) };
}

/**
 * Public listings for everyone signed in and for the public view (no viewer); any status for its own agent and for admins; a
 * sold one for its buyer too, with its sale. Anything else is a 404, so hidden listings do
 * not even reveal that they exist.
 */
export async function getListing(
  db: Database,
  viewer: Actor | null,
  id: string,
): Promise<ListingDetails> {
  return (await readListing(db, viewer, id)).listing;
}

/**
 * The details, and whether every user and every visitor gets this very answer: a public
 * listing whose agent gave no phone number (visitors never get the number, users do).
 */
export async function readListing(
  db: Database,
  viewer: Actor | null,
  id: string,
): Promise<{ listing: ListingDetails; sameForEveryReader: boolean }> {
  const found = await findVisibleListingWithGallery(db, id, viewer);
  if (!found) throw new AppError('NOT_FOUND', listingMessages.notFound);
  const { row, sale } = found;
  const isOwnerOrAdmin = viewer !== null && (viewer.role === 'admin' || row.agentId === viewer.id);
  const listing = toListingDetails(
    row,
    row.photos.map(toGalleryPhoto),
    sale && {
      price: sale.price,
      soldAt: sale.soldAt.toISOString(),
      boughtByViewer: sale.buyerId === viewer?.id,
    },
    { showRejectionReason: isOwnerOrAdmin, showAgentPhone: viewer !== null },
  );
  // Only its agent and admins learn of edits waiting for review (ADR 32).
  if (isOwnerOrAdmin) {
    Object.assign(listing, await revisionStateOf(db, id));
    const [pending] = listing.pendingRevision ? await pendingEditsOf(db, id) : [];
    if (pending) listing.pendingEdit = toPendingListingEdit(row, listing.photos, pending);
  }
  return { listing, sameForEveryReader: isPublicListing(listing) && row.agentPhone === null };
}
