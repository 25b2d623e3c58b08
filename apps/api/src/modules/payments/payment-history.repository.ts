import { and, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { listing, offer, payment, paymentRefund, user } from '../../db/schema.ts';
import { exactTimestamp, olderThan } from '../../http/newest-first-page.ts';

type Cursor = { createdAt: string; id: string } | null;

/**
 * Sales on record: paid offers, whether or not a payment row backs them (demo data), and
 * refunded ones, which stay on the receipt and in the agent's sales with their refund.
 */
const isSale = and(inArray(offer.status, ['paid', 'refunded']), isNotNull(offer.paidAt)) as SQL;
/** A sale that stands: what the agent's total counts. */
const isStandingSale = and(eq(offer.status, 'paid'), isNotNull(offer.paidAt)) as SQL;

const saleColumns = {
  id: offer.id,
  amount: offer.amount,
  paidAt: offer.paidAt,
  // Pages run newest payment first; the shared keyset helper calls its sort key createdAt.
  exactCreatedAt: exactTimestamp(offer.paidAt),
  listing: { id: listing.id, title: listing.title, location: listing.location },
  payment: {
    provider: payment.provider,
    reference: payment.reference,
    cardLast4: payment.cardLast4,
  },
  refund: {
    amount: paymentRefund.amount,
    reference: paymentRefund.reference,
    refundedAt: paymentRefund.createdAt,
  },
};

function selectReceipts(db: Database) {
  return db
    .select({ ...saleColumns, agent: { name: user.name, email: user.email } })
    .from(offer)
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .innerJoin(user, eq(user.id, listing.agentId))
    .leftJoin(payment, eq(payment.offerId, offer.id))
    .leftJoin(paymentRefund, eq(paymentRefund.offerId, offer.id));
}

export type ReceiptRow = Awaited<ReturnType<ReturnType<typeof selectReceipts>['execute']>>[number];

export async function findReceipt(
  db: Database,
  buyerId: string,
  offerId: string,
): Promise<ReceiptRow | undefined> {
  const [row] = await selectReceipts(db).where(
    and(eq(offer.id, offerId), eq(offer.buyerId, buyerId), isSale),
  );
  return row;
}

/** Newest first; `limit + 1` rows tell the caller whether another page exists. */
export function listReceipts(
  db: Database,
  buyerId: string,
  after: Cursor,
  limit: number,
): Promise<ReceiptRow[]> {
  return selectReceipts(db)
    .where(and(eq(offer.buyerId, buyerId), isSale, olderThan(offer.paidAt, offer.id, after)))
    .orderBy(desc(offer.paidAt), desc(offer.id))
    .limit(limit + 1);
}

function selectSales(db: Database) {
  return db
    .select({ ...saleColumns, buyer: { name: user.name, email: user.email } })
    .from(offer)
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .leftJoin(user, eq(user.id, offer.buyerId))
    .leftJoin(payment, eq(payment.offerId, offer.id))
    .leftJoin(paymentRefund, eq(paymentRefund.offerId, offer.id));
}

export type SaleRow = Awaited<ReturnType<ReturnType<typeof selectSales>['execute']>>[number];

/** Every sale on the site, newest first (admins, who may refund one). */
export function listAllSales(db: Database, after: Cursor, limit: number): Promise<SaleRow[]> {
  return selectSales(db)
    .where(and(isSale, olderThan(offer.paidAt, offer.id, after)))
    .orderBy(desc(offer.paidAt), desc(offer.id))
    .limit(limit + 1);
}

export function listSales(
  db: Database,
  agentId: string,
  after: Cursor,
  limit: number,
): Promise<SaleRow[]> {
  return selectSales(db)
    .where(and(eq(listing.agentId, agentId), isSale, olderThan(offer.paidAt, offer.id, after)))
    .orderBy(desc(offer.paidAt), desc(offer.id))
    .limit(limit + 1);
}

/** Every sale of the agent, not just one page: how many and how much. */
export async function salesTotalOf(
  db: Database,
  agentId: string,
): Promise<{ count: number; amount: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      // sum(bigint) is numeric; as text it survives both drivers exactly.
      amount: sql<string>`coalesce(sum(${offer.amount}), 0)::text`,
    })
    .from(offer)
    .innerJoin(listing, eq(listing.id, offer.listingId))
    .where(and(eq(listing.agentId, agentId), isStandingSale));
  return { count: Number(row?.count ?? 0), amount: Number(row?.amount ?? 0) };
}
