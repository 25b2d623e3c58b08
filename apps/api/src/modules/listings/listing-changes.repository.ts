import type { ListingFields, ListingStatus } from '@basha/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { listing, offer, user } from '../../db/schema.ts';
import { factColumnsOf, statedFactColumnsOf } from './listing-facts-columns.ts';
import type { ListingPhotoColumns } from './listing-photo.ts';

// Write side of listings. Callers run these inside one transaction.

/**
 * Whether the agent is marked as fraud, holding a share lock on their account until the
 * transaction ends: marking them as fraud (which delists their properties) waits for us, or
 * we wait for it and see the mark. No listing slips past the delisting.
 */
export async function isAgentMarkedFraud(tx: Database, agentId: string): Promise<boolean> {
  const [row] = await tx
    .select({ fraud: user.fraud })
    .from(user)
    .where(eq(user.id, agentId))
    .for('share');
  return row?.fraud ?? true;
}

export async function insertListing(
  tx: Database,
  agentId: string,
  fields: ListingFields,
  photo: ListingPhotoColumns,
): Promise<string> {
  const [row] = await tx
    .insert(listing)
    .values({
      agentId,
      ...textColumnsOf(fields),
      ...factColumnsOf(fields),
      ...photo,
      status: 'pending',
    })
    .returning({ id: listing.id });
  if (!row) throw new Error('Inserting a listing returned no row.');
  return row.id;
}

/** The form's own text and price columns; the facts and place columns come beside them. */
function textColumnsOf(fields: ListingFields) {
  const { title, location, description, priceMin, priceMax } = fields;
  return { title, location, description, priceMin, priceMax };
}

/**
 * The columns an update writes from the form (its text and price, and the facts and place
 * it states); a revision's diff compares these with the listing's (ADR 32).
 */
export function listingUpdateColumnsOf(fields: ListingFields) {
  return { ...textColumnsOf(fields), ...statedFactColumnsOf(fields) };
}

/** The agent's own listing, locked until the transaction ends; undefined for anyone else's. */
export async function lockOwnListing(tx: Database, id: string, agentId: string) {
  const [row] = await tx
    .select({ status: listing.status, soldAt: listing.soldAt, photoKey: listing.photoKey })
    .from(listing)
    .where(and(eq(listing.id, id), eq(listing.agentId, agentId)))
    .for('update');
  return row;
}

export async function updateListing(
  tx: Database,
  id: string,
  changes: ListingFields & Partial<ListingPhotoColumns>,
): Promise<void> {
  const { photoKey, photoWidth, photoHeight, ...fields } = changes;
  await tx
    .update(listing)
    .set({
      ...listingUpdateColumnsOf(fields),
      ...(photoKey ? { photoKey, photoWidth, photoHeight } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(listing.id, id));
}

/** Statuses of every offer on a listing, each locked so none changes while we decide. */
export async function lockOfferStatuses(tx: Database, listingId: string) {
  const rows = await tx
    .select({ status: offer.status })
    .from(offer)
    .where(eq(offer.listingId, listingId))
    .for('update');
  return rows.map((row) => row.status);
}

/**
 * Offers reference listings ON DELETE RESTRICT (a sale must never vanish with its listing),
 * so the open, expired and rejected ones are removed explicitly; wishlist items and reviews cascade.
 */
export async function deleteListingWithOpenOffers(tx: Database, id: string): Promise<void> {
  await tx
    .delete(offer)
    .where(and(eq(offer.listingId, id), inArray(offer.status, ['pending', 'expired', 'rejected'])));
  await tx.delete(listing).where(eq(listing.id, id));
}

/**
 * Verifies or rejects a listing only if it is still pending and not hidden (its agent marked
 * as fraud), in one conditional UPDATE: of two admins deciding at once exactly one changes
 * the row, and a fraud marking that commits first is seen (PostgreSQL re-checks the WHERE
 * on the row it waited for). False when nothing changed.
 */
export async function decidePendingListing(
  tx: Database,
  id: string,
  decision: Exclude<ListingStatus, 'pending'>,
  rejectionReason: string | null,
): Promise<boolean> {
  const rows = await tx
    .update(listing)
    .set({ status: decision, rejectionReason, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(listing.id, id), eq(listing.status, 'pending'), isNull(listing.delistedAt)))
    .returning({ id: listing.id });
  return rows.length > 0;
}

/** The listing's status, and whether it is hidden because its agent was marked as fraud. */
export async function findListingState(
  tx: Database,
  id: string,
): Promise<{ status: ListingStatus; hidden: boolean } | undefined> {
  const [row] = await tx
    .select({ status: listing.status, hidden: sql<boolean>`${listing.delistedAt} is not null` })
    .from(listing)
    .where(eq(listing.id, id));
  return row && { status: row.status, hidden: Boolean(row.hidden) };
}
