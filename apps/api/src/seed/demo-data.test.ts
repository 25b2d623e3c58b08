import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LISTING_PHOTO_WIDTHS, offerStatusOf, todayInDhaka } from '@basha/domain';
import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PHOTO_CACHE_DIR } from '../../test/demo-photo-cache-dir.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { buildApp } from '../app.ts';
import { createAuth } from '../auth/better-auth.ts';
import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import {
  auditLog,
  listing,
  listingGalleryPhoto,
  listingRevision,
  offer,
  payment,
  review,
  user,
  wishlistItem,
} from '../db/schema.ts';
import { createLocalDiskStorage } from '../media/disk-storage.ts';
import { getRevision } from '../modules/listings/listing-revisions.service.ts';
import { demoAccountIds, seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoMarketplace } from './demo-marketplace.ts';
import { DEMO_PEOPLE } from './demo-people.ts';
import { openDemoPhotoCache } from './demo-photo-cache.ts';
import { DEMO_PENDING_REVISIONS } from './demo-revisions.ts';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let dataDir: string;

async function openFreshDatabase(): Promise<void> {
  ({ database, drop } = await openTestDatabase());
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'basha-seed-'));
}
async function dropDatabase(): Promise<void> {
  await drop();
  await fs.rm(dataDir, { recursive: true, force: true });
}

const configWith = (demoData: 'true' | 'false') =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DEMO_DATA: demoData,
    DEMO_PHOTO_CACHE_DIR,
    LOG_LEVEL: 'silent',
  });
const photoCache = openDemoPhotoCache(DEMO_PHOTO_CACHE_DIR);

async function startAndStop(demoData: 'true' | 'false'): Promise<void> {
  const app = await buildApp(configWith(demoData), { database });
  await app.close();
}

async function tableCounts() {
  const countOf = async (table: PgTable) =>
    (await database.db.select({ n: count() }).from(table))[0]?.n;
  return {
    users: await countOf(user),
    listings: await countOf(listing),
    offers: await countOf(offer),
    reviews: await countOf(review),
    wishlistItems: await countOf(wishlistItem),
    auditEntries: await countOf(auditLog),
  };
}

/** Every row's id and last change, to prove a later start modified nothing. */
async function rowVersions() {
  const { db } = database;
  return {
    users: await db.select({ id: user.id, at: user.updatedAt }).from(user).orderBy(user.id),
    listings: await db
      .select({ id: listing.id, at: listing.updatedAt })
      .from(listing)
      .orderBy(listing.id),
    offers: await db.select({ id: offer.id, at: offer.updatedAt }).from(offer).orderBy(offer.id),
  };
}

async function listingPhotoFiles(): Promise<string[]> {
  return fs.readdir(path.join(dataDir, 'media', 'listing-photos')).catch(() => []);
}

describe('a database seeded with demo data', () => {
  // One seed shared by the read-only checks below (a seed draws 30 photos).
  beforeAll(async () => {
    await openFreshDatabase();
    await startAndStop('true');
  });
  afterAll(dropDatabase);

  it('has accounts, listings in every state, offers, reviews and wishlists', async () => {
    const { db } = database;
    const ids = await demoAccountIds(db);
    expect(ids.size).toBe(Object.keys(DEMO_PEOPLE).length);

    expect(await tableCounts()).toEqual({
      users: 10,
      listings: 30,
      offers: 18,
      reviews: 16,
      wishlistItems: 8,
      auditEntries: 33, // 4 promotions, 25 listing verdicts, 1 fraud, 3 featured reviews
    });

    const listings = await db.select().from(listing);
    const byStatus = (status: string) => listings.filter((row) => row.status === status);
    expect(byStatus('verified')).toHaveLength(22);
    expect(byStatus('pending')).toHaveLength(5);
    expect(byStatus('rejected')).toHaveLength(3);
    expect(byStatus('rejected').every((row) => row.rejectionReason)).toBe(true);
    expect(listings.filter((row) => row.soldAt)).toHaveLength(2);
    expect(listings.filter((row) => row.delistedAt)).toHaveLength(2);
    const mostListings = listings.filter((row) => row.agentId === ids.get('demoAgent'));
    expect(mostListings.length).toBeGreaterThanOrEqual(15);
    const ages = listings.map((row) => (Date.now() - row.createdAt.getTime()) / 86_400_000);
    expect(Math.max(...ages)).toBeGreaterThan(50);
    expect(Math.min(...ages)).toBeLessThan(3);

    const [fraudAgent] = await db
      .select()
      .from(user)
      .where(eq(user.id, ids.get('kamrul') ?? ''));
    expect(fraudAgent).toMatchObject({ role: 'agent', fraud: true });
    expect(
      listings.filter((row) => row.agentId === fraudAgent?.id).every((row) => row.delistedAt),
    ).toBe(true);

    // Nusrat, the demo user, sees every offer state; Tanvir, the demo agent, has offers to answer.
    const offers = await db
      .select({ buyerId: offer.buyerId, status: offer.status, deadline: offer.deadline })
      .from(offer);
    const today = todayInDhaka();
    const statesOf = (rows: typeof offers) => new Set(rows.map((row) => offerStatusOf(row, today)));
    expect(statesOf(offers.filter((row) => row.buyerId === ids.get('demoUser')))).toEqual(
      new Set(['pending', 'accepted', 'rejected', 'expired', 'paid']),
    );
    const toDemoAgent = await db
      .select({ status: offer.status, deadline: offer.deadline })
      .from(offer)
      .innerJoin(listing, eq(listing.id, offer.listingId))
      .where(eq(listing.agentId, ids.get('demoAgent') ?? ''));
    expect(toDemoAgent.filter((row) => offerStatusOf(row, today) === 'pending').length).toBe(5);

    const featured = await db.select().from(review).where(sql`${review.featuredAt} is not null`);
    expect(featured).toHaveLength(3);
    const wishlist = await db
      .select()
      .from(wishlistItem)
      .where(eq(wishlistItem.userId, ids.get('demoUser') ?? ''));
    expect(wishlist.length).toBeGreaterThanOrEqual(4);
  });

  it('gives the demo admin edits of public listings to review', async () => {
    const pending = await database.db
      .select({ id: listingRevision.id, listing })
      .from(listingRevision)
      .innerJoin(listing, eq(listing.id, listingRevision.listingId))
      .where(eq(listingRevision.status, 'pending'));
    expect(pending).toHaveLength(DEMO_PENDING_REVISIONS);
    for (const row of pending) {
      expect(row.listing).toMatchObject({ status: 'verified', soldAt: null, delistedAt: null });
      const revision = await getRevision(database.db, row.id);
      expect(revision.changes.map((change) => change.field)).toEqual([
        'description',
        'priceMin',
        'priceMax',
      ]);
    }
  });

  it('has every listing photo at every width, the largest matching the row', async () => {
    const listings = await database.db.select().from(listing);
    const media = path.join(dataDir, 'media');
    for (const row of listings) {
      expect(row.photoKey).toMatch(/^listing-photos\/[0-9a-f-]{36}$/);
      for (const width of LISTING_PHOTO_WIDTHS) {
        const metadata = await sharp(path.join(media, `${row.photoKey}-${width}.webp`)).metadata();
        expect(metadata).toMatchObject({ format: 'webp', width });
        if (width === 1200) expect(metadata.height).toBe(row.photoHeight);
      }
      expect(row.photoWidth).toBe(1200);
    }
    // Each has a gallery of 3–6 drawn photos (issue 19), its cover first, every file there.
    const gallery = await database.db.select().from(listingGalleryPhoto);
    for (const row of listings) {
      const own = gallery
        .filter((photo) => photo.listingId === row.id)
        .sort((a, b) => a.position - b.position);
      expect(own.length).toBeGreaterThanOrEqual(3);
      expect(own.length).toBeLessThanOrEqual(6);
      expect(row.photoCount).toBe(own.length);
      expect(own[0]?.photoKey).toBe(row.photoKey);
    }
    expect(await listingPhotoFiles()).toHaveLength(gallery.length * LISTING_PHOTO_WIDTHS.length);
  });

  it('tells a consistent story: dates, prices and states fit together', async () => {
    const { db } = database;
    const now = Date.now();
    const listings = new Map((await db.select().from(listing)).map((row) => [row.id, row]));
    for (const row of listings.values()) {
      expect(row.priceMin).toBeLessThan(row.priceMax);
      expect(row.priceMin).toBeGreaterThanOrEqual(1_000_000); // sale prices, not rents
      expect(row.decidedAt === null).toBe(row.status === 'pending');
      if (row.decidedAt) expect(row.decidedAt.getTime()).toBeGreaterThan(row.createdAt.getTime());
      expect(row.updatedAt.getTime()).toBeLessThanOrEqual(now);
    }
    const payments = new Map((await db.select().from(payment)).map((row) => [row.offerId, row]));
    for (const row of await db.select().from(offer)) {
      const listing = listings.get(row.listingId);
      // Every demo sale was paid like a real one: its receipt has a reference and a card.
      expect(payments.has(row.id)).toBe(row.status === 'paid');
      if (row.status === 'paid') {
        expect(payments.get(row.id)).toMatchObject({
          provider: 'sandbox',
          reference: expect.stringMatching(/^pi_sandbox_[0-9a-f]{24}$/),
          amount: row.amount,
          cardLast4: '4242',
          createdAt: row.paidAt,
        });
      }
      expect(listing?.status).toBe('verified');
      expect(listing?.delistedAt).toBeNull();
      expect(row.amount).toBeGreaterThanOrEqual(listing?.priceMin ?? Infinity);
      expect(row.amount).toBeLessThanOrEqual(listing?.priceMax ?? 0);
      expect(row.deadline).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.createdAt.getTime()).toBeGreaterThan(listing?.decidedAt?.getTime() ?? Infinity);
      if (row.status === 'paid') expect(listing?.soldAt).toEqual(row.paidAt);
      if (row.status === 'pending' || row.status === 'accepted') expect(listing?.soldAt).toBeNull();
    }
    for (const row of await db.select().from(review)) {
      const listing = listings.get(row.listingId);
      expect(listing?.status).toBe('verified');
      expect(row.createdAt.getTime()).toBeGreaterThan(listing?.decidedAt?.getTime() ?? Infinity);
    }
    const joined = new Map(
      (await db.select().from(user)).map((row) => [row.id, row.createdAt.getTime()]),
    );
    for (const row of listings.values()) {
      expect(row.createdAt.getTime()).toBeGreaterThan(joined.get(row.agentId) ?? Infinity);
    }
    for (const row of await db.select().from(offer)) {
      expect(row.createdAt.getTime()).toBeGreaterThan(joined.get(row.buyerId ?? '') ?? Infinity);
    }
    for (const row of await db.select().from(auditLog)) {
      expect(row.createdAt.getTime()).toBeGreaterThan(joined.get(row.actorId ?? '') ?? Infinity);
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(now);
    }
    for (const row of await db.select().from(wishlistItem)) {
      const listing = listings.get(row.listingId);
      expect(listing).toMatchObject({ status: 'verified', soldAt: null, delistedAt: null });
    }
  });

  it('gets nothing more, and nothing changed, on the next start', async () => {
    const before = { counts: await tableCounts(), rows: await rowVersions() };
    const photos = await listingPhotoFiles();
    await startAndStop('true');
    expect({ counts: await tableCounts(), rows: await rowVersions() }).toEqual(before);
    expect(await listingPhotoFiles()).toEqual(photos);
  });
});

describe('demo data seeding', () => {
  beforeEach(openFreshDatabase);
  afterEach(dropDatabase);

  it('seeds nothing when demo data is off', async () => {
    await startAndStop('false');
    expect(await tableCounts()).toEqual({
      users: 0,
      listings: 0,
      offers: 0,
      reviews: 0,
      wishlistItems: 0,
      auditEntries: 0,
    });
    expect(await listingPhotoFiles()).toEqual([]);
  });

  it('seeds once when two processes start at the same time', async () => {
    const { db } = database;
    const storage = createLocalDiskStorage(path.join(dataDir, 'media'));
    await seedDemoAccounts({ db, auth: createAuth(configWith('true'), db), storage });
    // Both pass the cheap check and draw photos; the advisory lock lets only one insert.
    const results = await Promise.all([
      seedDemoMarketplace({ db, storage, photoCache }),
      seedDemoMarketplace({ db, storage, photoCache }),
    ]);
    expect(results.sort()).toEqual(['already-seeded', 'seeded']);
    expect((await tableCounts()).listings).toBe(30);
    const photos = await database.db.select().from(listingGalleryPhoto);
    expect(await listingPhotoFiles()).toHaveLength(photos.length * LISTING_PHOTO_WIDTHS.length);
    // Two seeders draw the galleries' ~130 photos each (~70 ms a photo on an idle core).
  }, 180_000);

  it('leaves neither rows nor photos behind when the transaction fails', async () => {
    const { db } = database;
    const storage = createLocalDiskStorage(path.join(dataDir, 'media'));
    await seedDemoAccounts({ db, auth: createAuth(configWith('true'), db), storage });
    // Make the last insert of the marketplace transaction fail.
    await db.execute(sql`create function refuse_seed() returns trigger language plpgsql as
      $$ begin raise exception 'refused by the test'; end $$`);
    await db.execute(sql`create trigger refuse_seed before insert on audit_log
      for each statement execute function refuse_seed()`);

    await expect(seedDemoMarketplace({ db, storage, photoCache })).rejects.toThrow();
    expect((await tableCounts()).listings).toBe(0);
    expect(await listingPhotoFiles()).toEqual([]);
  }, 180_000);
});
