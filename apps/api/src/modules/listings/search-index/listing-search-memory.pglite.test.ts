import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import { createAccount, createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { listing, user } from '../../../db/schema.ts';
import { openListingSearchMemory } from './listing-search-memory.ts';

// On the embedded database the app answers searches from memory (ADR 33): every write is
// announced by its listings' ids (migrations 0022 and 0023: a listing's own, its agent's)
// before it resolves, and memory reads them before it answers.

let t: TestApp;
let agentId: string;

beforeAll(async () => {
  t = await createTestApp();
  agentId = (await createAccount(t, 'agent')).id;
});
afterAll(() => t.close());

/** A memory of the test's own, hearing the app database's announcements, read whole. */
async function openMemory() {
  const memory = await openListingSearchMemory(
    t.database.db,
    (listener) => t.database.listenForListingChanges(listener),
    { cards: true },
  );
  onTestFinished(() => memory.close());
  await memory.ready();
  return memory;
}

it('follows every write it is told of before it answers', async () => {
  const memory = await openMemory();
  const search = { location: 'Memorylane' };
  const page = async (filters: Parameters<typeof memory.page>[0], limit: number) => {
    const rows = await memory.page(filters, 'newest', null, limit);
    if (!rows) throw new Error('memory did not answer');
    return rows;
  };
  const found = async (filters: Parameters<typeof memory.page>[0] = search) =>
    (await page(filters, 50)).map((row) => row.id);
  expect(await found()).toEqual([]);

  const [added] = await t.database.db
    .insert(listing)
    .values({
      agentId,
      title: 'Written after the first read',
      location: 'Memorylane 1, Dhaka',
      description: 'A listing the memory is told of.',
      photoKey: 'listing-photos/memorylane',
      photoWidth: 1200,
      photoHeight: 800,
      priceMin: 4_000_000,
      priceMax: 4_200_000,
      status: 'verified',
    })
    .returning({ id: listing.id });
  const id = added?.id as string;
  expect(await found()).toEqual([id]);

  await t.database.db.update(listing).set({ priceMin: 3_000_000 }).where(eq(listing.id, id));
  expect(await found({ ...search, maxPrice: 3_500_000 })).toEqual([id]);

  // The card shows what its listing and its agent say now.
  const card = async () => (await page(search, 1))[0];
  await t.database.db.update(listing).set({ title: 'Retitled' }).where(eq(listing.id, id));
  expect(await card()).toMatchObject({ title: 'Retitled', priceMin: 3_000_000 });
  await t.database.db
    .update(user)
    .set({ name: 'Renamed Agent', image: '/media/avatars/renamed.webp' })
    .where(eq(user.id, agentId));
  expect(await card()).toMatchObject({
    title: 'Retitled',
    agentName: 'Renamed Agent',
    agentPhotoUrl: '/media/avatars/renamed.webp',
  });

  // Moved to another place and type: found by the new ones, no longer by the old.
  const inGulshan = { division: 'dhaka', district: 'dhaka', area: 'gulshan' };
  const inBanani = { ...inGulshan, area: 'banani' };
  await t.database.db
    .update(listing)
    .set({ ...inGulshan, type: 'shop' })
    .where(eq(listing.id, id));
  expect(await found({ ...search, ...inGulshan })).toEqual([id]);
  expect(await found({ ...search, types: ['shop'] })).toEqual([id]);
  await t.database.db
    .update(listing)
    .set({ ...inBanani, type: 'office' })
    .where(eq(listing.id, id));
  expect(await found({ ...search, ...inGulshan })).toEqual([]);
  expect(await found({ ...search, types: ['shop'] })).toEqual([]);
  expect(await found({ ...search, ...inBanani })).toEqual([id]);
  expect((await memory.counts({ ...inBanani, location: 'Memorylane' }, 12))?.byType).toEqual(
    new Map([['office', 1]]),
  );

  await t.database.db.update(listing).set({ status: 'rejected' }).where(eq(listing.id, id));
  expect(await found()).toEqual([]);

  await t.database.db.update(listing).set({ status: 'verified' }).where(eq(listing.id, id));
  expect(await found()).toEqual([id]);
  await t.database.db.delete(listing).where(inArray(listing.id, [id]));
  expect(await found()).toEqual([]);
});

it('lets the database answer while it reads every listing again after a bulk change', async () => {
  const memory = await openMemory();
  const bulk = { location: 'Bulkroad' };
  const reader = await createAccount(t, 'user');

  // One statement changing more than 100 listings is announced as '*' (migration 0022).
  await t.database.db.insert(listing).values(
    Array.from({ length: 101 }, (_, index) => ({
      agentId,
      title: `Bulk ${index}`,
      location: `Bulkroad ${index}, Dhaka`,
      description: 'One of many added at once.',
      photoKey: 'listing-photos/bulk',
      photoWidth: 1200,
      photoHeight: 800,
      priceMin: 2_000_000 + index,
      priceMax: 2_500_000 + index,
      status: 'verified' as const,
    })),
  );
  // Memory reads them all again, in the background; meanwhile it leaves the answer to the
  // database, and All Properties finds them at once.
  expect(await memory.page(bulk, 'newest', null, 50)).toBeNull();
  const response = await t.app.inject({
    url: '/api/v1/listings/counts?location=Bulkroad',
    headers: { cookie: reader.cookie },
  });
  expect(response.json()).toMatchObject({ total: 101 });
  await expect
    .poll(async () => (await memory.page(bulk, 'newest', null, 50))?.length, { timeout: 10_000 })
    .toBe(50);
  expect((await memory.counts(bulk, 10_000))?.total).toBe(101);
});
