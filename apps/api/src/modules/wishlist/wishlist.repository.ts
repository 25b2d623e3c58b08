import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared-once.ts';
import { listing, offer, user, wishlistItem } from '../../db/schema.ts';
import { exactTimestamp, olderThan } from '../../http/newest-first-page.ts';
import { listingCardColumns } from '../listings/listing-card.ts';
import { isPublicListing } from '../listings/listing-visibility.ts';
import { openOfferOf } from '../offers/offers.repository.ts';

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

/**
 * Adds the listing to the user's wishlist and reads the new item back, in one statement: the
 * insert takes the listing only while it is public, share-locked so it cannot be sold or
 * delisted before the item is written. Undefined when nothing was added: the listing is not
 * public, or is already on this user's wishlist (ON CONFLICT waits for a concurrent insert of
 * the same pair and then does nothing, so racing duplicate adds never end in an error).
 */
export async function insertItem(
  db: Database,
  userId: string,
  listingId: string,
): Promise<WishlistItemRow | undefined> {
  const [row] = await itemInsert(db).execute({ userId, listingId });
  return row;
}

const itemInsert = preparedOnce((db: Database) => {
  // Written out: Drizzle's insert … select wants every column of the table selected.
  const inserted = db
    .$with('inserted', {
      id: wishlistItem.id,
      listingId: wishlistItem.listingId,
      createdAt: wishlistItem.createdAt,
    })
    .as(
      sql`insert into ${wishlistItem} (user_id, listing_id)
        select ${sql.placeholder('userId')}::uuid, ${listing.id} from ${listing}
        where ${and(eq(listing.id, sql.placeholder('listingId')), isPublicListing())}
        for share
        on conflict (user_id, listing_id) do nothing
        returning id, listing_id, created_at`,
    );
  return db
    .with(inserted)
    .select({
      id: inserted.id,
      createdAt: inserted.createdAt,
      exactCreatedAt: exactTimestamp(inserted.createdAt),
      listingIsPublic: sql<boolean>`true`,
      listing: listingCardColumns,
    })
    .from(inserted)
    .innerJoin(listing, eq(listing.id, inserted.listingId))
    .innerJoin(user, eq(user.id, listing.agentId))
    .prepare('basha_wishlist_insert');
});

const preparedItemRead = preparedOnce((db: Database) =>
  db
    .select({
      ...itemColumns,
      openOffer: {
        id: offer.id,
        amount: offer.amount,
        deadline: offer.deadline,
        status: offer.status,
      },
    })
    .from(wishlistItem)
    .innerJoin(listing, eq(listing.id, wishlistItem.listingId))
    .innerJoin(user, eq(user.id, listing.agentId))
    .leftJoin(offer, openOfferOf(wishlistItem.userId, wishlistItem.listingId))
    .where(
      and(
        eq(wishlistItem.id, sql.placeholder('itemId')),
        eq(wishlistItem.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('basha_wishlist_item'),
);

/**
 * One of the user's own items, whatever its listing's state (`listingIsPublic` says), with
 * the user's open offer on its listing, if any.
 */
export async function findOwnItem(db: Database, userId: string, itemId: string) {
  const [row] = await preparedItemRead(db).execute({ itemId, userId });
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

/** Deletes one of the user's own items and says which listing it was for, in one statement. */
export async function deleteOwnItem(
  db: Database,
  userId: string,
  itemId: string,
): Promise<{ id: string; listing: { id: string; title: string } } | undefined> {
  const [removed] = await itemDelete(db).execute({ itemId, userId });
  return removed;
}

const itemDelete = preparedOnce((db: Database) => {
  const deleted = db.$with('deleted').as(
    db
      .delete(wishlistItem)
      .where(
        and(
          eq(wishlistItem.id, sql.placeholder('itemId')),
          eq(wishlistItem.userId, sql.placeholder('userId')),
        ),
      )
      .returning({ id: wishlistItem.id, listingId: wishlistItem.listingId }),
  );
  return db
    .with(deleted)
    .select({ id: deleted.id, listing: { id: listing.id, title: listing.title } })
    .from(deleted)
    .innerJoin(listing, eq(listing.id, deleted.listingId))
    .prepare('basha_wishlist_delete');
});
