import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../../../test/factories.ts';
import { call } from '../../../test/listing-test-kit.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';
import { listing, offer, user as userTable } from '../../db/schema.ts';

let t: TestApp;
let agent: TestAccount;
let otherAgent: TestAccount;
let user: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  [agent, otherAgent, user, admin] = await Promise.all([
    createAccount(t, 'agent', { name: 'Agent Rahim' }),
    createAccount(t, 'agent'),
    createAccount(t, 'user'),
    createAccount(t, 'admin'),
  ]);
});
afterAll(() => t.close());

type Card = { id: string; price: { min: number; max: number }; createdAt: string };

const browse = (query: string, account: TestAccount = user) =>
  call(t, account, 'GET', `/api/v1/listings?${query}`);

/** Follows nextCursor to the end, checking every page's size. */
async function walk(query: string, limit: number): Promise<Card[]> {
  const items: Card[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages += 1) {
    const response = await browse(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return items;
    expect(page.items).toHaveLength(limit);
  }
  throw new Error('pagination did not end');
}

const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe('browsing public listings', () => {
  it('shows verified listings only: never pending, rejected, sold or delisted', async () => {
    const location = 'Visibility Road, Sylhet';
    const visible = await createListing(t, agent, { location });
    for (const hidden of [
      { status: 'pending' as const },
      { status: 'rejected' as const },
      { soldAt: new Date() },
      { delistedAt: new Date() },
    ]) {
      await createListing(t, agent, { location, ...hidden });
    }
    const page = (await browse(`location=${encodeURIComponent(location)}`)).json();
    expect(ids(page.items)).toEqual([visible]);
    expect(page.items[0]).toMatchObject({ status: 'verified', sold: false });
    expect(page.items[0]).not.toHaveProperty('rejectionReason');
  });

  it('is for signed-in accounts of every role, not for visitors', async () => {
    expect((await call(t, null, 'GET', '/api/v1/listings')).statusCode).toBe(401);
    for (const account of [user, agent, admin]) {
      expect((await browse('', account)).statusCode).toBe(200);
    }
  });

  it('searches the location case-insensitively, treating % and _ literally', async () => {
    const banani = await createListing(t, agent, { location: 'Road 11, BANANI, Dhaka' });
    const percent = await createListing(t, agent, { location: '100% Lakeside, Khulna' });
    const underscore = await createListing(t, agent, { location: 'Block_C, Khulna' });
    const plain = await createListing(t, agent, { location: 'Block C, Khulna' });

    const search = async (text: string) =>
      ids((await browse(`location=${encodeURIComponent(text)}`)).json().items);
    expect(await search('banani')).toEqual([banani]);
    expect(await search('  Banani ')).toEqual([banani]);
    expect(await search('%')).toEqual([percent]);
    expect(await search('k_C')).toEqual([underscore]);
    expect(await search('block c')).toEqual([plain]);
    expect(await search('\\')).toEqual([]);
    expect(await search('Nowhere at all')).toEqual([]);
    // An empty search box means no filter.
    expect((await search('')).length).toBeGreaterThanOrEqual(4);
  });

  it('keeps listings whose price range overlaps the wanted one', async () => {
    const location = 'Price Street, Rajshahi';
    const cheap = await createListing(t, agent, { location, priceMin: 5000, priceMax: 5100 });
    const middle = await createListing(t, agent, { location, priceMin: 6000, priceMax: 8000 });
    const dear = await createListing(t, agent, { location, priceMin: 9000, priceMax: 12000 });
    const find = async (prices: string) =>
      ids((await browse(`location=Price%20Street&sort=price_asc&${prices}`)).json().items);

    expect(await find('minPrice=7000')).toEqual([middle, dear]);
    expect(await find('maxPrice=5500')).toEqual([cheap]);
    expect(await find('minPrice=8000&maxPrice=9000')).toEqual([middle, dear]);
    expect(await find('minPrice=8001&maxPrice=8999')).toEqual([]);
    expect(await find('minPrice=5100&maxPrice=5100')).toEqual([cheap]);
    expect(await find('minPrice=&maxPrice=')).toEqual([cheap, middle, dear]);
    // The other orders write the window so no price index serves it (ADR 33): same matches.
    for (const sort of ['newest', 'price_per_sqft', 'size']) {
      const inOrder = async (prices: string) =>
        new Set(ids((await browse(`location=Price%20Street&sort=${sort}&${prices}`)).json().items));
      expect(await inOrder('minPrice=7000')).toEqual(new Set([middle, dear]));
      expect(await inOrder('maxPrice=5500')).toEqual(new Set([cheap]));
      expect(await inOrder('minPrice=8000&maxPrice=9000')).toEqual(new Set([middle, dear]));
      expect(await inOrder('minPrice=8001&maxPrice=8999')).toEqual(new Set());
      expect(await inOrder('minPrice=5100&maxPrice=5100')).toEqual(new Set([cheap]));
    }
  });

  it('refuses a price window that is upside down or not a number', async () => {
    const upsideDown = await browse('minPrice=9000&maxPrice=5000');
    expect(upsideDown.statusCode).toBe(400);
    expect(upsideDown.json().detail).toBe(
      'The minimum price must not be more than the maximum price.',
    );
    const text = await browse('minPrice=cheap');
    expect(text.statusCode).toBe(400);
    expect(text.json().detail).toBe('Minimum price must be a number.');
    expect((await browse('sort=cheapest')).statusCode).toBe(400);
  });
});

describe('sorting and paging', () => {
  const location = 'Pager Avenue, Chattogram';
  let created: Card[];

  beforeAll(async () => {
    // Seven listings, two price ties, so the id tie-breaker matters.
    const prices = [7000, 5000, 9000, 5000, 6000, 9000, 8000];
    for (const [i, min] of prices.entries()) {
      await createListing(t, i % 2 ? agent : otherAgent, {
        location,
        priceMin: min,
        priceMax: min + 500,
      });
    }
    created = await walk(`location=${encodeURIComponent(location)}&sort=newest`, 100);
    expect(created).toHaveLength(7);
  });

  // createdAt in responses has milliseconds only; the database orders by microseconds, so
  // the reference order for "newest" is the one full page read above.
  const asRead = () => 0;
  const byPriceAsc = (a: Card, b: Card) => a.price.min - b.price.min || a.id.localeCompare(b.id);
  const byPriceDesc = (a: Card, b: Card) => b.price.min - a.price.min || b.id.localeCompare(a.id);

  it.each([
    ['newest', asRead],
    ['price_asc', byPriceAsc],
    ['price_desc', byPriceDesc],
  ] as const)('walks every %s page without duplicates or gaps', async (sort, order) => {
    const walked = await walk(`location=${encodeURIComponent(location)}&sort=${sort}`, 3);
    expect(ids(walked)).toEqual(ids([...created].sort(order)));
  });

  it('refuses a cursor made for another sort, or a forged one', async () => {
    const first = (await browse(`sort=price_asc&limit=2&location=Pager`)).json();
    expect(first.nextCursor).toEqual(expect.any(String));
    const mixed = await browse(`sort=newest&limit=2&location=Pager&cursor=${first.nextCursor}`);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().errors).toEqual([
      {
        path: 'cursor',
        message: 'This page cursor belongs to another sort order.',
        messageCode: 'cursor.otherSort',
      },
    ]);
    const forged = Buffer.from(JSON.stringify(['price_asc', 1, "'; drop table x"])).toString(
      'base64url',
    );
    expect((await browse(`sort=price_asc&cursor=${forged}`)).statusCode).toBe(400);
    expect((await browse('cursor=nonsense')).statusCode).toBe(400);
  });

  it('keeps microseconds in cursors: rows in the same millisecond are neither lost nor repeated', async () => {
    const sameMs = 'Same Millisecond Lane';
    const rows = [
      await createListing(t, agent, { location: sameMs }),
      await createListing(t, agent, { location: sameMs }),
      await createListing(t, agent, { location: sameMs }),
    ];
    for (const [i, id] of rows.entries()) {
      await t.database.db
        .update(listing)
        .set({
          createdAt: sql`'2025-03-01 10:00:00.123401+00'::timestamptz + ${i} * interval '1 microsecond'`,
        })
        .where(eq(listing.id, id));
    }
    const walked = await walk(`location=${encodeURIComponent(sameMs)}&sort=newest`, 1);
    expect(ids(walked)).toEqual([...rows].reverse());
  });
});

describe('the newest listings on the home page', () => {
  it('shows the 3 newest public listings to anyone, logged in or not', async () => {
    const newestPublic = [
      await createListing(t, agent),
      await createListing(t, otherAgent),
      await createListing(t, agent),
    ];
    await createListing(t, agent, { status: 'pending' });
    await createListing(t, agent, { soldAt: new Date() });
    await createListing(t, agent, { delistedAt: new Date() });

    const response = await call(t, null, 'GET', '/api/v1/listings/latest');
    expect(response.statusCode).toBe(200);
    expect(ids(response.json().items)).toEqual([...newestPublic].reverse());
  });
});

describe('listing details', () => {
  it('shows a public listing to every signed-in account, with its description', async () => {
    const id = await createListing(t, agent, { description: 'Facing the lake.' });
    for (const account of [user, otherAgent, agent, admin]) {
      const response = await call(t, account, 'GET', `/api/v1/listings/${id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id,
        description: 'Facing the lake.',
        status: 'verified',
        sold: false,
        delisted: false,
        rejectionReason: null,
      });
    }
    expect((await call(t, null, 'GET', `/api/v1/listings/${id}`)).statusCode).toBe(401);
  });

  const hiddenStates: [string, Partial<typeof listing.$inferInsert>, object][] = [
    ['pending', { status: 'pending' }, { status: 'pending' }],
    [
      'rejected',
      { status: 'rejected', rejectionReason: 'Wrong address.' },
      { status: 'rejected', rejectionReason: 'Wrong address.' },
    ],
    ['sold', { soldAt: new Date() }, { status: 'verified', sold: true }],
    ['delisted', { delistedAt: new Date() }, { status: 'verified', delisted: true }],
  ];

  it.each(hiddenStates)(
    'shows a %s listing to its agent and admins only',
    async (_label, state, shown) => {
      const id = await createListing(t, agent, state);
      for (const account of [agent, admin]) {
        const response = await call(t, account, 'GET', `/api/v1/listings/${id}`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({
          id,
          sold: false,
          delisted: false,
          rejectionReason: null,
          ...shown,
        });
      }
      for (const account of [user, otherAgent]) {
        const response = await call(t, account, 'GET', `/api/v1/listings/${id}`);
        expect(response.statusCode).toBe(404);
        expect(response.json().detail).toBe('This listing does not exist.');
      }
    },
  );

  it('keeps showing a sold listing to the buyer who paid for it, and to nobody else', async () => {
    const buyer = await createAccount(t, 'user');
    const id = await createListing(t, agent, { soldAt: new Date() });
    await t.database.db.insert(offer).values({
      listingId: id,
      buyerId: buyer.id,
      amount: 5050,
      deadline: '2026-12-31',
      status: 'paid',
      paidAt: new Date(),
    });
    const asBuyer = await call(t, buyer, 'GET', `/api/v1/listings/${id}`);
    expect(asBuyer.statusCode).toBe(200);
    expect(asBuyer.json()).toMatchObject({ id, sold: true });
    expect((await call(t, user, 'GET', `/api/v1/listings/${id}`)).statusCode).toBe(404);
  });

  it('answers listings opened at the same moment each with its own, hidden ones with 404', async () => {
    const titles = ['Lake flat', 'Hill cottage', 'River duplex'];
    const publicIds = await Promise.all(titles.map((title) => createListing(t, agent, { title })));
    const pendingId = await createListing(t, agent, { status: 'pending' });
    const unknown = '00000000-0000-4000-8000-000000000000';

    const responses = await Promise.all(
      [...publicIds, pendingId, unknown, publicIds[0] as string].map((id) =>
        call(t, user, 'GET', `/api/v1/listings/${id}`),
      ),
    );

    expect(responses.map((response) => response.statusCode)).toEqual([
      200, 200, 200, 404, 404, 200,
    ]);
    expect(responses.slice(0, 3).map((response) => response.json().title)).toEqual(titles);
    expect(responses[5]?.json().id).toBe(publicIds[0]);
  });

  it('finds a listing by its id written in capitals', async () => {
    const id = await createListing(t, agent, { title: 'Capital letters' });
    const response = await call(t, user, 'GET', `/api/v1/listings/${id.toUpperCase()}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, title: 'Capital letters' });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(t, admin, 'GET', `/api/v1/listings/${unknown}`)).statusCode).toBe(404);
    expect((await call(t, admin, 'GET', '/api/v1/listings/not-a-uuid')).statusCode).toBe(400);
  });

  it('joins the agent from their account: a renamed agent shows under the new name', async () => {
    const renamed = await createAccount(t, 'agent', { name: 'Old Name' });
    const id = await createListing(t, renamed, { location: 'Rename Road, Barishal' });
    await t.database.db
      .update(userTable)
      .set({ name: 'New Name', image: '/media/profile-photos/new-256.webp' })
      .where(eq(userTable.id, renamed.id));

    const expected = {
      id: renamed.id,
      name: 'New Name',
      email: renamed.email,
      photoUrl: '/media/profile-photos/new-256.webp',
    };
    const details = (await call(t, user, 'GET', `/api/v1/listings/${id}`)).json();
    expect(details.agent).toEqual(expected);
    const browsed = (await browse('location=Rename%20Road')).json();
    expect(browsed.items[0].agent).toEqual(expected);
  });
});
