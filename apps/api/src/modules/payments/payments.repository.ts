import type { PaymentProvider } from '@basha/domain';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { listing, offer, payment, paymentIntent, paymentRefund } from '../../db/schema.ts';
import { marketTodayText } from '../offers/market-date.ts';

/** Which listing the buyer's own offer is on; undefined for anyone else's offer. No lock. */
export async function findListingOfOwnOffer(
  db: Database,
  buyerId: string,
  offerId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ listingId: offer.listingId })
    .from(offer)
    .where(and(eq(offer.id, offerId), eq(offer.buyerId, buyerId)));
  return row?.listingId;
}

/** Which listing an offer is on, whoever made it (a webhook acts for the provider). No lock. */
export async function findListingOfOffer(
  db: Database,
  offerId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ listingId: offer.listingId })
    .from(offer)
    .where(eq(offer.id, offerId));
  return row?.listingId;
}

/** The listing's title, as a hosted checkout shows it for the product being paid. */
export async function titleOfListing(db: Database, listingId: string): Promise<string> {
  const [row] = await db
    .select({ title: listing.title })
    .from(listing)
    .where(eq(listing.id, listingId));
  return row?.title ?? '';
}

/** Row-locks an offer and reads what decides whether it can be paid. */
export async function lockOfferForPayment(tx: Database, offerId: string) {
  const [row] = await tx
    .select({
      amount: offer.amount,
      status: offer.status,
      deadline: offer.deadline,
      today: marketTodayText,
    })
    .from(offer)
    .where(eq(offer.id, offerId))
    .for('update');
  return row && { ...row, amount: Number(row.amount) };
}

export type OfferForPayment = NonNullable<Awaited<ReturnType<typeof lockOfferForPayment>>>;

const intentColumns = {
  offerId: paymentIntent.offerId,
  provider: paymentIntent.provider,
  reference: paymentIntent.reference,
  clientSecret: paymentIntent.clientSecret,
  amount: paymentIntent.amount,
  heldEventId: paymentIntent.heldEventId,
  closedAs: paymentIntent.closedAs,
};

export type IntentRow = {
  offerId: string;
  provider: PaymentProvider;
  reference: string;
  clientSecret: string;
  amount: number;
  /** A rail's confirmation flagged as risky, waiting for an admin (SSLCommerz val_id). */
  heldEventId: string | null;
  /** Reconciliation closed it unpaid (`failed`, `expired`); a new Pay replaces it. */
  closedAs: string | null;
};

export async function findIntentOf(db: Database, offerId: string): Promise<IntentRow | undefined> {
  const [row] = await db
    .select(intentColumns)
    .from(paymentIntent)
    .where(eq(paymentIntent.offerId, offerId));
  return row && { ...row, amount: Number(row.amount) };
}

export async function findIntentByReference(
  db: Database,
  provider: PaymentProvider,
  reference: string,
): Promise<IntentRow | undefined> {
  const [row] = await db
    .select(intentColumns)
    .from(paymentIntent)
    .where(and(eq(paymentIntent.provider, provider), eq(paymentIntent.reference, reference)));
  return row && { ...row, amount: Number(row.amount) };
}

type NewIntent = Omit<IntentRow, 'heldEventId' | 'closedAs'> & { currency: string };

/** Stores the offer's one intent; the unique offer id refuses a second. */
export async function insertIntent(tx: Database, values: NewIntent): Promise<void> {
  await tx.insert(paymentIntent).values(values);
}

/** Swaps the offer's intent for a new one (its rail was disabled, or it was closed unpaid). */
export async function replaceIntent(tx: Database, values: NewIntent): Promise<void> {
  await tx
    .update(paymentIntent)
    .set({ ...values, closedAs: null, createdAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(paymentIntent.offerId, values.offerId));
}

export type NewPayment = {
  offerId: string;
  provider: PaymentProvider;
  reference: string;
  eventId: string | null;
  amount: number;
  currency: string;
  cardLast4: string | null;
};

/** Records a payment; false when this offer or this provider reference already has one. */
export async function insertPayment(tx: Database, values: NewPayment): Promise<boolean> {
  const rows = await tx
    .insert(payment)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: payment.id });
  return rows.length === 1;
}

/** Accepted → paid; false when the offer was not (any more) accepted. */
export async function markOfferPaid(tx: Database, offerId: string): Promise<boolean> {
  const rows = await tx
    .update(offer)
    .set({ status: 'paid', paidAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(offer.id, offerId), eq(offer.status, 'accepted')))
    .returning({ id: offer.id });
  return rows.length === 1;
}

/** A sold listing leaves every public list; its details show it as sold. */
export async function markListingSold(tx: Database, listingId: string): Promise<void> {
  await tx
    .update(listing)
    .set({ soldAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(listing.id, listingId), isNull(listing.soldAt)));
}

/** Holds a risk-flagged confirmation for an admin; false when one is held already. */
export async function holdIntent(db: Database, offerId: string, eventId: string): Promise<boolean> {
  const rows = await db
    .update(paymentIntent)
    .set({ heldEventId: eventId, updatedAt: sql`now()` })
    .where(and(eq(paymentIntent.offerId, offerId), isNull(paymentIntent.heldEventId)))
    .returning({ id: paymentIntent.id });
  return rows.length === 1;
}

/** Clears the held confirmation once an admin decided. */
export async function releaseHold(db: Database, offerId: string): Promise<void> {
  await db
    .update(paymentIntent)
    .set({ heldEventId: null, updatedAt: sql`now()` })
    .where(eq(paymentIntent.offerId, offerId));
}

/** The payment behind a paid offer, as recorded. */
export async function findPaymentOf(db: Database, offerId: string) {
  const [row] = await db
    .select({
      id: payment.id,
      provider: payment.provider,
      reference: payment.reference,
      amount: payment.amount,
      currency: payment.currency,
    })
    .from(payment)
    .where(eq(payment.offerId, offerId));
  return row && { ...row, amount: Number(row.amount) };
}

export type NewRefund = typeof paymentRefund.$inferInsert;

/** Records a refund; the unique payment and offer keys refuse a second one. */
export async function insertRefund(tx: Database, values: NewRefund) {
  const [row] = await tx
    .insert(paymentRefund)
    .values(values)
    .returning({ createdAt: paymentRefund.createdAt });
  if (!row) throw new Error('refund insert returned nothing');
  return row;
}

/** Paid → refunded; false when the offer was not (any more) paid. */
export async function markOfferRefunded(tx: Database, offerId: string): Promise<boolean> {
  const rows = await tx
    .update(offer)
    .set({ status: 'refunded', updatedAt: sql`now()` })
    .where(and(eq(offer.id, offerId), eq(offer.status, 'paid')))
    .returning({ id: offer.id });
  return rows.length === 1;
}

/** A reversed sale puts the listing back on the market, as it was before it sold. */
export async function markListingForSale(tx: Database, listingId: string): Promise<void> {
  await tx
    .update(listing)
    .set({ soldAt: null, updatedAt: sql`now()` })
    .where(eq(listing.id, listingId));
}

/**
 * Intents whose outcome we never heard: started more than `minutes` ago on one of `rails`,
 * their offer still accepted (unpaid), not held for an admin and not closed.
 */
export async function findUnresolvedIntents(
  db: Database,
  rails: readonly PaymentProvider[],
  minutes: number,
): Promise<IntentRow[]> {
  if (rails.length === 0) return [];
  const rows = await db
    .select(intentColumns)
    .from(paymentIntent)
    .innerJoin(offer, eq(offer.id, paymentIntent.offerId))
    .where(
      and(
        eq(offer.status, 'accepted'),
        inArray(paymentIntent.provider, [...rails]),
        isNull(paymentIntent.closedAs),
        isNull(paymentIntent.heldEventId),
        lt(paymentIntent.createdAt, sql`now() - make_interval(mins => ${minutes})`),
      ),
    )
    .orderBy(paymentIntent.createdAt);
  return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
}

/** Closes an intent unpaid; false when it was replaced or closed meanwhile. */
export async function closeIntent(
  db: Database,
  intent: Pick<IntentRow, 'offerId' | 'reference'>,
  closedAs: 'failed' | 'expired',
): Promise<boolean> {
  const rows = await db
    .update(paymentIntent)
    .set({ closedAs, updatedAt: sql`now()` })
    .where(
      and(
        eq(paymentIntent.offerId, intent.offerId),
        eq(paymentIntent.reference, intent.reference),
        isNull(paymentIntent.closedAs),
      ),
    )
    .returning({ id: paymentIntent.id });
  return rows.length === 1;
}
