import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { listing, user, wishlistItem } from '../../db/schema.ts';
import { exactTimestamp, olderThan } from '../../http/newest-first-page.ts';
import { listingCardColumns } from '../listings/listing-card.ts';
import { isPublicListing } from '../listings/listing-visibility.ts';

const itemColumns = {
  id: wishlistItem.id,
  createdAt: wishlistItem.createdAt,
  exactCreatedAt: exactTimestamp(wishlistItem.createdAt),
  listingIsPublic: sql<boolean>`${isPublicListing()}`,
  listing: listingCardColumns,
};

function selectItems(db: Database) {
  return db
    .select(itemColumns)
    .from(wishlistItem)
    .innerJoin(listing, eq(listing.id, wishlistItem.listingId))
    .innerJoin(user, eq(user.id, listing.agentId));
}

export type WishlistItemRow = Awaited<
  ReturnType<ReturnType<typeof selectItems>['execute']>
>[number];

const ownedBy = (userId: string): SQL => eq(wishlistItem.userId, userId);

/** Inserts the item, or returns null when the listing is already on this user's wishlist. */
export async function insertItem(
  tx: Database,
  userId: string,
  listingId: string,
): Promise<string | null> {
  // ON CONFLICT waits for a concurrent insert of the same pair and then does nothing, so
  // racing duplicate adds end as "already there", never as a unique-violation error.
  const [row] = await tx
    .insert(wishlistItem)
    .values({ userId, listingId })
    .onConflictDoNothing({ target: [wishlistItem.userId, wishlistItem.listingId] })
    .returning({ id: wishlistItem.id });
  return row?.id ?? null;
}

/** One of the user's own items, whatever its listing's state (`listingIsPublic` says). */
export async function findOwnItem(
  db: Database,
  userId: string,
  itemId: string,
): Promise<WishlistItemRow | undefined> {
  const [row] = await selectItems(db).where(and(eq(wishlistItem.id, itemId), ownedBy(userId)));
  return row;
}

/**
 * The user's items on public listings (only the one holding `listingId`, when given),
 * newest first; `limit + 1` rows tell if more exist.
 */
export function listOwnItems(
  db: Database,
  userId: string,
  after: { createdAt: string; id: string } | null,
  limit: number,
  listingId?: string,
): Promise<WishlistItemRow[]> {
  return selectItems(db)
    .where(
      and(
        ownedBy(userId),
        listingId === undefined ? undefined : eq(wishlistItem.listingId, listingId),
        isPublicListing(),
        olderThan(wishlistItem.createdAt, wishlistItem.id, after),
      ),
    )
    .orderBy(desc(wishlistItem.createdAt), desc(wishlistItem.id))
    .limit(limit + 1);
}

/** Row-locks one of the user's own items, for a change that consumes it (making an offer). */
export async function lockOwnItem(
  tx: Database,
  userId: string,
  itemId: string,
): Promise<{ id: string; listingId: string } | undefined> {
  const [row] = await tx
    .select({ id: wishlistItem.id, listingId: wishlistItem.listingId })
    .from(wishlistItem)
    .where(and(eq(wishlistItem.id, itemId), ownedBy(userId)))
    .for('update');
  return row;
}

/** Deletes one of the user's own items and says which listing it was for. */
export async function deleteOwnItem(
  tx: Database,
  userId: string,
  itemId: string,
): Promise<{ id: string; listing: { id: string; title: string } } | undefined> {
  const [deleted] = await tx
    .delete(wishlistItem)
    .where(and(eq(wishlistItem.id, itemId), ownedBy(userId)))
    .returning({ id: wishlistItem.id, listingId: wishlistItem.listingId });
  if (!deleted) return undefined;
  const [removed] = await tx
    .select({ id: listing.id, title: listing.title })
    .from(listing)
    .where(eq(listing.id, deleted.listingId));
  return removed && { id: deleted.id, listing: removed };
}
