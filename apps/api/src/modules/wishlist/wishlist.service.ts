import {
  type RemovedWishlistItem,
  type WishlistItem,
  type WishlistItemDetails,
  type WishlistPage,
  type WishlistQuery,
  wishlistMessages,
} from '@basha/domain';
import type { Actor } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { decodeNewestFirstCursor, newestFirstPage } from '../../http/newest-first-page.ts';
import { toListingCard } from '../listings/listing-card.ts';
import { isListingPublic } from '../listings/listing-visibility.ts';
import * as repo from './wishlist.repository.ts';

export function toWishlistItem(row: repo.WishlistItemRow): WishlistItem {
  return {
    id: row.id,
    listing: toListingCard(row.listing),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function addToWishlist(
  db: Database,
  actor: Actor,
  listingId: string,
): Promise<WishlistItem> {
  const row = await repo.insertItem(db, actor.id, listingId);
  if (row) return toWishlistItem(row);
  // Nothing added: say why. (Two round trips only on this path; an add is one statement.)
  if (!(await isListingPublic(db, listingId))) {
    throw new AppError('NOT_FOUND', wishlistMessages.listingUnavailable);
  }
  throw new AppError('CONFLICT', wishlistMessages.alreadyWished);
}

export async function listWishlist(
  db: Database,
  actor: Actor,
  query: WishlistQuery,
): Promise<WishlistPage> {
  const after = decodeNewestFirstCursor(query.cursor);
  const rows = await repo.listOwnItems(db, actor.id, after, query.limit, query.listingId);
  return newestFirstPage(rows, query.limit, toWishlistItem);
}

/**
 * One own item, for the make-offer page, with the open offer a new one would run into. An
 * item whose listing is no longer public (sold, delisted, back under review) is hidden from
 * the list, so it is not found here either.
 */
export async function getWishlistItem(
  db: Database,
  actor: Actor,
  itemId: string,
): Promise<WishlistItemDetails> {
  const row = await repo.findOwnItem(db, actor.id, itemId);
  if (!row?.listingIsPublic) throw new AppError('NOT_FOUND', wishlistMessages.itemNotFound);
  const { openOffer } = row;
  return {
    ...toWishlistItem(row),
    openOffer: openOffer && {
      id: openOffer.id,
      amount: Number(openOffer.amount),
      deadline: openOffer.deadline,
      // openOfferOf finds no other.
      status: openOffer.status === 'accepted' ? 'accepted' : 'pending',
    },
  };
}

/**
 * Removes an own item (even one whose listing is no longer public) and names its listing,
 * in one statement.
 */
export async function removeFromWishlist(
  db: Database,
  actor: Actor,
  itemId: string,
): Promise<RemovedWishlistItem> {
  const removed = await repo.deleteOwnItem(db, actor.id, itemId);
  if (!removed) throw new AppError('NOT_FOUND', wishlistMessages.itemNotFound);
  return removed;
}
