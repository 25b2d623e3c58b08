// Helpers shared by the payments test files (imported by tests only).
import { calendarDaysAfter, todayInDhaka } from '@basha/domain';
import { eq, sql } from 'drizzle-orm';
import { listing, offer, payment, paymentIntent } from '../src/db/schema.ts';
import { createListing } from './factories.ts';
import type { TestAccount, TestApp } from './test-app.ts';

export const as = (account: TestAccount | null) => (account ? { cookie: account.cookie } : {});

/** The date `days` after `date` (both YYYY-MM-DD). */
export const addDays = calendarDaysAfter;

/** A date `days` away from today in Dhaka, as YYYY-MM-DD. */
export function dhakaDate(days: number): string {
  return addDays(todayInDhaka(), days);
}

/** A card expiry "MM/YY" `months` away from this month in Dhaka. */
export function expiryIn(months: number): string {
  const [year, month] = todayInDhaka().split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  const mm = String((index % 12) + 1).padStart(2, '0');
  const yy = String(Math.floor(index / 12) % 100).padStart(2, '0');
  return `${mm}/${yy}`;
}

type OfferValues = Partial<typeof offer.$inferInsert>;

/** Writes an offer straight into the database; accepted (and so payable) unless told otherwise. */
export async function insertOffer(
  t: TestApp,
  listingId: string,
  buyer: Pick<TestAccount, 'id'> | null,
  values: OfferValues = {},
): Promise<string> {
  const [row] = await t.database.db
    .insert(offer)
    .values({
      listingId: listingId,
      buyerId: buyer?.id ?? null,
      amount: 5050,
      deadline: dhakaDate(7),
      status: 'accepted',
      decidedAt: new Date(),
      ...values,
    })
    .returning({ id: offer.id });
  if (!row) throw new Error('offer insert returned nothing');
  return row.id;
}

/** A fresh listing of the agent's with an accepted offer from the buyer on it. */
export async function acceptedOffer(
  t: TestApp,
  agent: Pick<TestAccount, 'id'>,
  buyer: Pick<TestAccount, 'id'>,
  values: OfferValues = {},
): Promise<{ listingId: string; offerId: string }> {
  const listingId = await createListing(t, agent);
  const offerId = await insertOffer(t, listingId, buyer, values);
  return { listingId, offerId };
}

export function startPayment(t: TestApp, account: TestAccount | null, offerId: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/offers/${offerId}/payment-intent`,
    headers: as(account),
  });
}

/** Everything that a payment could change, to show that a refused one changed nothing. */
export async function saleState(t: TestApp, listingId: string) {
  const db = t.database.db;
  const offers = await db
    .select({ id: offer.id, status: offer.status, paidAt: offer.paidAt })
    .from(offer)
    .where(eq(offer.listingId, listingId))
    .orderBy(offer.id);
  const [sold] = await db
    .select({ soldAt: listing.soldAt })
    .from(listing)
    .where(eq(listing.id, listingId));
  const [payments] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(payment)
    .innerJoin(offer, eq(offer.id, payment.offerId))
    .where(eq(offer.listingId, listingId));
  return { offers, soldAt: sold?.soldAt ?? null, payments: Number(payments?.count) };
}

export async function paymentsOf(t: TestApp, offerId: string) {
  return t.database.db.select().from(payment).where(eq(payment.offerId, offerId));
}

export async function intentsOf(t: TestApp, offerId: string) {
  return t.database.db.select().from(paymentIntent).where(eq(paymentIntent.offerId, offerId));
}
