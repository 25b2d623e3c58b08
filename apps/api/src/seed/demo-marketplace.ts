import { todayInDhaka } from '@basha/domain';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  auditLog,
  listing,
  listingGalleryPhoto,
  listingRevision,
  offer,
  payment,
  review,
  wishlistItem,
} from '../db/schema.ts';
import type { MediaStorage } from '../media/storage.ts';
import { offerExpiryJobs } from '../modules/offers/offer-expiry.job.ts';
import { demoAccountIds } from './demo-accounts.ts';
import { buildAuditTrail } from './demo-audit-trail.ts';
import { DEMO_LISTINGS } from './demo-listings.ts';
import { buildMarketplaceRows } from './demo-marketplace-rows.ts';
import { DEMO_AGENT_KEYS, DEMO_PEOPLE, type PersonKey } from './demo-people.ts';
import type { DemoPhotoCache } from './demo-photo-cache.ts';
import { demoGalleryDrawings, intoGalleries, storeListingPhotos } from './demo-photos.ts';
import { buildDemoRevisions } from './demo-revisions.ts';

export type MarketplaceSeedResult = 'seeded' | 'already-seeded' | 'accounts-missing';

/**
 * Fills the marketplace (listings with photos, offers, reviews, wishlists, and the admin's
 * audit trail behind them) once. The marker is "a demo agent has a listing": then nothing
 * happens, and existing rows are never touched.
 * All rows go in one transaction, so a crash leaves nothing half-seeded; the photos are
 * stored before it and deleted again if it does not commit.
 */
export async function seedDemoMarketplace(deps: {
  db: Database;
  storage: MediaStorage;
  photoCache?: DemoPhotoCache;
  now?: Date;
}): Promise<MarketplaceSeedResult> {
  const people = await demoAccountIds(deps.db);
  if ((Object.keys(DEMO_PEOPLE) as PersonKey[]).some((key) => !people.has(key))) {
    return 'accounts-missing';
  }
  const agentIds = DEMO_AGENT_KEYS.map((key) => people.get(key) as string);
  // Cheap check first, so an already seeded database costs one query, not 30 drawings.
  if (await hasDemoListings(deps.db, agentIds)) return 'already-seeded';

  const drawings = demoGalleryDrawings(DEMO_LISTINGS);
  const batch = await storeListingPhotos(deps.storage, drawings.flat(), deps.photoCache);
  try {
    const now = deps.now ?? new Date();
    const rows = buildMarketplaceRows(people, intoGalleries(batch.photos, drawings), now);
    const auditTrail = buildAuditTrail(rows, people, now);
    const seeded = await deps.db.transaction(async (tx) => {
      // Several API processes may start at once: the lock makes one of them the seeder,
      // and the others see its listings when they get the lock.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('basha.seed.demo-marketplace'))`);
      if (await hasDemoListings(tx, agentIds)) return false;
      await tx.insert(listing).values(rows.listings);
      await tx.insert(listingGalleryPhoto).values(rows.listingPhotos);
      await tx.insert(offer).values(rows.offers);
      // Open offers expire like any other. The demo's offers already past their deadline
      // show as expired by the deadline, like offers made before jobs existed, so a restart
      // of a seeded database changes nothing.
      const today = todayInDhaka(now);
      const open = rows.offers.filter((row) => row.status === 'pending' && row.deadline >= today);
      if (open.length > 0) {
        const openIds = open.map((row) => row.id);
        await tx.execute(offerExpiryJobs(sql`${offer} where ${inArray(offer.id, openIds)}`, offer));
      }
      await tx.insert(payment).values(rows.payments);
      await tx.insert(review).values(rows.reviews);
      await tx.insert(wishlistItem).values(rows.wishlistItems);
      await tx.insert(auditLog).values(auditTrail);
      await tx.insert(listingRevision).values(buildDemoRevisions(rows.listings, now));
      return true;
    });
    if (!seeded) await batch.removeAll();
    return seeded ? 'seeded' : 'already-seeded';
  } catch (error) {
    await batch.removeAll();
    throw error;
  }
}

async function hasDemoListings(db: Database, agentIds: string[]): Promise<boolean> {
  const rows = await db
    .select({ id: listing.id })
    .from(listing)
    .where(inArray(listing.agentId, agentIds))
    .limit(1);
  return rows.length > 0;
}
