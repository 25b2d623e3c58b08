import type { OfferStatus } from '@basha/domain';
import {
  and,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  ne,
  not,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared-once.ts';
import { job, listing, offer, payment, user, wishlistItem } from '../../db/schema.ts';
import { exactTimestamp, olderThan } from '../../http/newest-first-page.ts';
import { listingCardColumns } from '../listings/listing-card.ts';
import { offerReceivedNotifications } from '../notifications/notifications.repository.ts';
import { marketToday, marketTodayText } from './market-date.ts';
import { offerExpiryJobs } from './offer-expiry.job.ts';

type Cursor = { createdAt: string; id: string } | null;

const offerColumns = {
  id: offer.id,
  amount: offer.amount,
  deadline: offer.deadline,
  listingPriceMin: offer.listingPriceMin,
  listingPriceMax: offer.listingPriceMax,
  status: offer.status,
  createdAt: offer.createdAt,
  exactCreatedAt: exactTimestamp(offer.createdAt),
  today: marketTodayText,
};

/**
 * The SQL twin of `offerStatusOf` in the domain package, for filtering by the status an
 * offer shows as: an expired offer is stored as pending until its expiry job has run, told
 * apart by the deadline, and as expired after.
 */
export function showsAs(status: OfferStatus): SQL {
  switch (status) {
    case 'pending':
      return and(eq(offer.status, 'pending'), gte(offer.deadline, marketToday)) as SQL;
    case 'expired':
      return or(
        eq(offer.status, 'expired'),
        and(eq(offer.status, 'pending'), lt(offer.deadline, marketToday)),
      ) as SQL;
    default:
      return eq(offer.status, status);
  }
}

/**
 * The buyer's offer on the listing that a new offer would run into: pending with its deadline
 * not passed (an expired one is cleared as the new one is made), or accepted and not paid.
 * offers_one_open_per_buyer_key holds at most one.
 */
export function openOfferOf(buyerId: AnyPgColumn, listingId: AnyPgColumn): SQL {
  return and(
    eq(offer.buyerId, buyerId),
    eq(offer.listingId, listingId),
    or(showsAs('pending'), eq(offer.status, 'accepted')),
  ) as SQL;
}

// ── The buyer's side ────────────────────────────────────────────────────────────────────

function selectBuyerOffers(db: Database) {
  return db
    .select({
      ...offerColumns,
      lostToAnotherOffer: offer.lostToAnotherOffer,
      listing: listingCardColumns,
      paymentReference: payment.reference,
    })
    .from(offer)
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .innerJoin(user, eq(user.id, listing.agentId))
    .leftJoin(payment, eq(payment.offerId, offer.id));
}

export type BuyerOfferRow = Awaited<
  ReturnType<ReturnType<typeof selectBuyerOffers>['execute']>
>[number];

/**
 * A buyer's offers, except open ones on delisted listings: a fraud agent's listings vanish
 * from every pending offer, while decided and paid ones stay on record.
 */
function buyerSees(buyerId: string): SQL {
  return and(
    eq(offer.buyerId, buyerId),
    not(
      and(
        isNotNull(listing.delistedAt),
        inArray(offer.status, ['pending', 'expired', 'accepted']),
      ) as SQL,
    ),
  ) as SQL;
}

/** Newest first; `limit + 1` rows tell the caller whether another page exists. */
export function listBuyerOffers(
  db: Database,
  buyerId: string,
  status: OfferStatus | undefined,
  after: Cursor,
  limit: number,
): Promise<BuyerOfferRow[]> {
  return selectBuyerOffers(db)
    .where(
      and(
        buyerSees(buyerId),
        status ? showsAs(status) : undefined,
        olderThan(offer.createdAt, offer.id, after),
      ),
    )
    .orderBy(desc(offer.createdAt), desc(offer.id))
    .limit(limit + 1);
}

const wishlistItemTake = preparedOnce((tx: Database) => {
  const lockedListing = tx
    .select({
      id: listing.id,
      agentId: listing.agentId,
      priceMin: listing.priceMin,
      status: listing.status,
      sold: sql<boolean>`${listing.soldAt} is not null`.as('sold'),
      delisted: sql<boolean>`${listing.delistedAt} is not null`.as('delisted'),
      today: marketTodayText.as('today'),
    })
    .from(listing)
    .where(eq(listing.id, wishlistItem.listingId))
    .for('share')
    .as('locked_listing');
  const locked = tx.$with('locked').as(
    tx
      .select({
        itemId: sql<string>`${wishlistItem.id}`.as('item_id'),
        ...lockedListing._.selectedFields,
      })
      .from(wishlistItem)
      .innerJoinLateral(lockedListing, sql`true`)
      .where(
        and(
          eq(wishlistItem.id, sql.placeholder('itemId')),
          eq(wishlistItem.userId, sql.placeholder('buyerId')),
        ),
      )
      .for('update', { of: wishlistItem }),
  );
  const removed = tx.$with('removed').as(
    tx
      .delete(wishlistItem)
      .where(inArray(wishlistItem.id, tx.select({ id: locked.itemId }).from(locked)))
      .returning({ id: wishlistItem.id }),
  );
  return tx.with(locked, removed).select().from(locked).prepare('basha_offer_item_take');
});

/**
 * Takes one of the buyer's wishlist items off the wishlist for an offer, with its listing
 * share-locked so it cannot be sold or delisted before the offer is written, in one round
 * trip. The item's row lock makes a double submit wait and then find it gone; an offer refused
 * after this rolls its transaction back, and the item stays. The listing is locked before the
 * item, in the order a listing's deletion takes them when it cascades to wishlist items.
 */
export async function takeWishlistItemForOffer(tx: Database, buyerId: string, itemId: string) {
  const [row] = await wishlistItemTake(tx).execute({ itemId, buyerId });
  return row && { ...row, sold: Boolean(row.sold), delisted: Boolean(row.delisted) };
}

/**
 * An expired offer whose expiry job has not run yet still counts as open for the
 * one-open-offer-per-buyer index (its stored status is pending, and an index cannot compare
 * with today), so a buyer's new offer on the same listing replaces it, stored expired or not.
 * True when there was one to delete.
 */
export async function deleteExpiredOffersOf(
  tx: Database,
  buyerId: string,
  listingId: string,
): Promise<boolean> {
  const deleted = await expiredOffersDelete(tx).execute({ listingId, buyerId });
  return deleted.length > 0;
}

const expiredOffersDelete = preparedOnce((tx: Database) =>
  tx
    .delete(offer)
    .where(
      and(
        eq(offer.listingId, sql.placeholder('listingId')),
        eq(offer.buyerId, sql.placeholder('buyerId')),
        showsAs('expired'),
      ),
    )
    .returning({ id: offer.id })
    .prepare('basha_offer_expired_delete'),
);

/**
 * Inserts a pending offer with its expiry job and its agent's notification (and email job),
 * and reads it back as its buyer sees it, in one statement; undefined when the buyer already
 * has an open offer there.
 */
export async function insertOffer(
  tx: Database,
  values: { listingId: string; buyerId: string; amount: number; deadline: string },
): Promise<BuyerOfferRow | undefined> {
  const [row] = await offerInsert(tx).execute(values);
  return row;
}

const offerInsert = preparedOnce((tx: Database) => {
  // Without a conflict target, DO NOTHING covers the partial unique index
  // offers_one_open_per_buyer_key too: a racing second offer ends here, not in a 23505.
  const inserted = tx.$with('inserted').as(
    tx
      .insert(offer)
      .values({
        listingId: sql.placeholder('listingId'),
        buyerId: sql.placeholder('buyerId'),
        amount: sql.placeholder('amount'),
        deadline: sql.placeholder('deadline'),
      })
      .onConflictDoNothing()
      .returning({
        id: offer.id,
        listingId: offer.listingId,
        buyerId: offer.buyerId,
        amount: offer.amount,
        deadline: offer.deadline,
        listingPriceMin: offer.listingPriceMin,
        listingPriceMax: offer.listingPriceMax,
        status: offer.status,
        createdAt: offer.createdAt,
      }),
  );
  const expiry = tx
    .$with('expiry', { id: job.id })
    .as(offerExpiryJobs(inserted, { id: inserted.id, deadline: inserted.deadline }));
  const [notified, emailed] = offerReceivedNotifications(tx, {
    from: inserted,
    id: inserted.id,
    buyerId: inserted.buyerId,
    listingId: inserted.listingId,
    amount: inserted.amount,
  });
  return tx
    .with(inserted, expiry, notified, emailed)
    .select({
      id: inserted.id,
      amount: inserted.amount,
      deadline: inserted.deadline,
      listingPriceMin: inserted.listingPriceMin,
      listingPriceMax: inserted.listingPriceMax,
      status: inserted.status,
      createdAt: inserted.createdAt,
      exactCreatedAt: exactTimestamp(inserted.createdAt),
      today: marketTodayText,
      lostToAnotherOffer: sql<boolean>`false`,
      listing: listingCardColumns,
      paymentReference: sql<string | null>`null`,
    })
    .from(inserted)
    .innerJoin(listing, eq(listing.id, inserted.listingId))
    .innerJoin(user, eq(user.id, listing.agentId))
    .prepare('basha_offer_insert');
});

// ── The agent's side ────────────────────────────────────────────────────────────────────

/** Another offer on the same listing, for counting beside each received offer. */
const rival = alias(offer, 'rival');

/**
 * The other pending offers on a listing: exactly those that accepting `offerId` rejects
 * (rejectOtherPendingOffers), and those the agent is told about before accepting.
 */
function otherPendingOffers(
  of: Record<'id' | 'listingId' | 'status', AnyPgColumn>,
  listingId: SQLWrapper | string,
  offerId: SQLWrapper | string,
): SQL {
  return and(eq(of.listingId, listingId), ne(of.id, offerId), eq(of.status, 'pending')) as SQL;
}

function selectReceivedOffers(db: Database) {
  return db
    .select({
      ...offerColumns,
      // Counted over the whole listing in the same statement, whatever page or filter the
      // agent is looking at (offers_listing_idx serves it).
      otherPendingOffers: sql<number>`(${db
        .select({ count: sql`count(*)` })
        .from(rival)
        .where(otherPendingOffers(rival, offer.listingId, offer.id))})`.mapWith(Number),
      listing: {
        id: listing.id,
        title: listing.title,
        priceMin: listing.priceMin,
        priceMax: listing.priceMax,
      },
      buyer: { id: user.id, name: user.name, email: user.email, photoUrl: user.image },
    })
    .from(offer)
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .leftJoin(user, eq(user.id, offer.buyerId));
}

export type ReceivedOfferRow = Awaited<
  ReturnType<ReturnType<typeof selectReceivedOffers>['execute']>
>[number];

const onListingsOf = (agentId: string): SQL => eq(listing.agentId, agentId);

export async function findReceivedOffer(
  db: Database,
  agentId: string,
  offerId: string,
): Promise<ReceivedOfferRow | undefined> {
  const [row] = await selectReceivedOffers(db).where(
    and(eq(offer.id, offerId), onListingsOf(agentId)),
  );
  return row;
}

export function listReceivedOffers(
  db: Database,
  agentId: string,
  status: OfferStatus | undefined,
  after: Cursor,
  limit: number,
): Promise<ReceivedOfferRow[]> {
  return selectReceivedOffers(db)
    .where(
      and(
        onListingsOf(agentId),
        status ? showsAs(status) : undefined,
        olderThan(offer.createdAt, offer.id, after),
      ),
    )
    .orderBy(desc(offer.createdAt), desc(offer.id))
    .limit(limit + 1);
}

/** Which listing an offer is on, when that listing is the agent's; no lock yet. */
export async function findListingOfReceivedOffer(
  tx: Database,
  agentId: string,
  offerId: string,
): Promise<string | undefined> {
  const [row] = await tx
    .select({ listingId: offer.listingId })
    .from(offer)
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .where(and(eq(offer.id, offerId), onListingsOf(agentId)));
  return row?.listingId;
}

/**
 * Row-locks a listing for an accept decision. Every accept on a listing takes this lock
 * before touching its offers, so two accepts on one listing run one after the other.
 */
export async function lockListingForDecision(tx: Database, listingId: string) {
  const [row] = await tx
    .select({
      status: listing.status,
      sold: sql<boolean>`${listing.soldAt} is not null`,
      delisted: sql<boolean>`${listing.delistedAt} is not null`,
    })
    .from(listing)
    .where(eq(listing.id, listingId))
    .for('update');
  return row && { ...row, sold: Boolean(row.sold), delisted: Boolean(row.delisted) };
}

/** Row-locks one offer on the agent's listings and reads its current state. */
export async function lockReceivedOffer(tx: Database, agentId: string, offerId: string) {
  const [row] = await tx
    .select({ status: offer.status, deadline: offer.deadline, today: marketTodayText })
    .from(offer)
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .where(and(eq(offer.id, offerId), onListingsOf(agentId)))
    .for('update', { of: offer });
  return row;
}

export async function hasWinningOffer(tx: Database, listingId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: offer.id })
    .from(offer)
    .where(and(eq(offer.listingId, listingId), inArray(offer.status, ['accepted', 'paid'])))
    .limit(1);
  return row !== undefined;
}

/**
 * Moves a pending, unexpired offer to `status`; false when it was not (any more) in that
 * state. The condition repeats the rule so the statement itself can never break it.
 */
export async function decidePendingOffer(
  tx: Database,
  offerId: string,
  status: 'accepted' | 'rejected',
): Promise<boolean> {
  const rows = await tx
    .update(offer)
    .set({ status, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(offer.id, offerId), showsAs('pending')))
    .returning({ id: offer.id });
  return rows.length === 1;
}

/**
 * Once one offer is accepted, every other open (pending) offer on the listing is rejected;
 * returns their ids (their buyers are told).
 */
export async function rejectOtherPendingOffers(
  tx: Database,
  listingId: string,
  acceptedOfferId: string,
): Promise<string[]> {
  const rows = await tx
    .update(offer)
    .set({
      status: 'rejected',
      lostToAnotherOffer: true,
      decidedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(otherPendingOffers(offer, listingId, acceptedOfferId))
    .returning({ id: offer.id });
  return rows.map((row) => row.id);
}
