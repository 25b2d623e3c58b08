import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterTheClockTicks } from '../../../test/clock.ts';
import { createListing } from '../../../test/factories.ts';
import { dhakaDate } from '../../../test/payments-test-kit.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';
import { listing, offer, wishlistItem } from '../../db/schema.ts';

let t: TestApp;
let agent: TestAccount;
let admin: TestAccount;
let user: TestAccount;
let otherUser: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  agent = await createAccount(t, 'agent', { name: 'Agent Babul' });
  admin = await createAccount(t, 'admin');
  user = await createAccount(t, 'user', { name: 'User Chaity' });
  otherUser = await createAccount(t, 'user');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';

function call(account: TestAccount | null, method: Method, url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: account ? { cookie: account.cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

async function wish(account: TestAccount, listingId: string): Promise<string> {
  const response = await call(account, 'POST', '/api/v1/wishlist', { listingId });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** Makes an offer the way the buyer does: from a wishlist item (which it removes). */
async function offerFrom(
  account: TestAccount,
  listingId: string,
  offer: { amount: number; deadline: string },
): Promise<string> {
  const itemId = await wish(account, listingId);
  const response = await call(account, 'POST', `/api/v1/wishlist/${itemId}/offer`, offer);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const unknownId = '00000000-0000-4000-8000-000000000000';

describe('who may use the wishlist', () => {
  const routes: [string, Method, string, object?][] = [
    ['add', 'POST', '/api/v1/wishlist', { listingId: unknownId }],
    ['list', 'GET', '/api/v1/wishlist'],
    ['get one', 'GET', `/api/v1/wishlist/${unknownId}`],
    ['remove', 'DELETE', `/api/v1/wishlist/${unknownId}`],
  ];

  it.each(routes)(
    '%s: anonymous 401, agent and admin 403, user allowed',
    async (_name, method, url, payload) => {
      expect((await call(null, method, url, payload)).statusCode).toBe(401);
      expect((await call(agent, method, url, payload)).statusCode).toBe(403);
      expect((await call(admin, method, url, payload)).statusCode).toBe(403);
      expect([200, 404]).toContain((await call(user, method, url, payload)).statusCode);
    },
  );
});

describe('adding to the wishlist', () => {
  it('adds a verified listing and answers with its property card', async () => {
    const listingId = await createListing(t, agent, { title: 'Lake view flat' });
    const response = await call(user, 'POST', '/api/v1/wishlist', { listingId });
    expect(response.statusCode).toBe(201);
    const item = response.json();
    expect(item).toMatchObject({
      listing: {
        id: listingId,
        title: 'Lake view flat',
        location: 'Gulshan 2, Dhaka',
        price: { min: 5000, max: 5100 },
        status: 'verified',
        sold: false,
        agent: { id: agent.id, name: 'Agent Babul', email: agent.email },
      },
    });
    expect(item.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(item.listing.photo.url).toMatch(/^\/media\/listing-photos\/.+-1200\.webp$/);
    expect(new Date(item.createdAt).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('refuses a listing that is already on the wishlist with 409', async () => {
    const listingId = await createListing(t, agent);
    await wish(user, listingId);
    const again = await call(user, 'POST', '/api/v1/wishlist', { listingId });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This property is already on your wishlist.');
    // Another user's wishlist is their own business.
    await wish(otherUser, listingId);
  });

  it.each([
    ['pending', { status: 'pending' as const }],
    ['rejected', { status: 'rejected' as const }],
    ['sold', { soldAt: new Date() }],
    ['delisted', { delistedAt: new Date() }],
  ])('refuses a %s listing with 404', async (_state, overrides) => {
    const listingId = await createListing(t, agent, overrides);
    const response = await call(user, 'POST', '/api/v1/wishlist', { listingId });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('This property does not exist or is not available.');
  });

  it('refuses an unknown listing with 404 and a malformed one with 400', async () => {
    expect(
      (await call(user, 'POST', '/api/v1/wishlist', { listingId: unknownId })).statusCode,
    ).toBe(404);
    const malformed = await call(user, 'POST', '/api/v1/wishlist', { listingId: 'nope' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual([
      { path: 'listingId', message: 'Unknown listing id.', messageCode: 'id.unknownListing' },
    ]);
  });

  it('refuses fields it does not know (the server decides whose wishlist it is)', async () => {
    const listingId = await createListing(t, agent);
    const response = await call(user, 'POST', '/api/v1/wishlist', {
      listingId,
      userId: otherUser.id,
    });
    expect(response.statusCode).toBe(400);
  });

  it('five concurrent adds of the same listing: exactly one 201, the rest 409', async () => {
    const listingId = await createListing(t, agent);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => call(user, 'POST', '/api/v1/wishlist', { listingId })),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    const rows = await t.database.db
      .select()
      .from(wishlistItem)
      .where(eq(wishlistItem.listingId, listingId));
    expect(rows).toHaveLength(1);
  });
});

describe('listing the wishlist', () => {
  it('pages own items newest first and leaves out listings that stopped being public', async () => {
    const shopper = await createAccount(t, 'user');
    const listings = [];
    for (let i = 0; i < 4; i += 1) listings.push(await createListing(t, agent));
    const itemIds = [];
    for (const listingId of listings) {
      await afterTheClockTicks(); // each wish newer than the one before: newest first
      itemIds.push(await wish(shopper, listingId));
    }
    await wish(otherUser, listings[0] as string);
    // The second one is sold meanwhile: it disappears from the wishlist.
    await t.database.db
      .update(listing)
      .set({ soldAt: new Date() })
      .where(eq(listing.id, listings[1] as string));

    const first = await call(shopper, 'GET', '/api/v1/wishlist?limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.json().items.map((i: { id: string }) => i.id)).toEqual([itemIds[3], itemIds[2]]);
    expect(first.json().items[0].listing.id).toBe(listings[3]);
    expect(first.json().nextCursor).toEqual(expect.any(String));

    const second = await call(
      shopper,
      'GET',
      `/api/v1/wishlist?limit=2&cursor=${first.json().nextCursor}`,
    );
    expect(second.json()).toEqual({
      items: [expect.objectContaining({ id: itemIds[0] })],
      nextCursor: null,
    });
  });

  it('tells whether one listing is on the wishlist: its own item, or none', async () => {
    const shopper = await createAccount(t, 'user');
    const [wished, notWished, sold] = [
      await createListing(t, agent),
      await createListing(t, agent),
      await createListing(t, agent),
    ];
    const wishedItem = await wish(shopper, wished);
    await wish(otherUser, notWished);
    await wish(shopper, sold);
    await t.database.db.update(listing).set({ soldAt: new Date() }).where(eq(listing.id, sold));

    const lookup = (listingId: string) =>
      call(shopper, 'GET', `/api/v1/wishlist?listingId=${listingId}&limit=1`);
    const found = await lookup(wished);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      items: [
        expect.objectContaining({
          id: wishedItem,
          listing: expect.objectContaining({ id: wished }),
        }),
      ],
      nextCursor: null,
    });
    // Someone else's wish is not this user's; a sold listing has left every wishlist.
    expect((await lookup(notWished)).json()).toEqual({ items: [], nextCursor: null });
    expect((await lookup(sold)).json()).toEqual({ items: [], nextCursor: null });

    const malformed = await lookup('not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual([
      { path: 'listingId', message: 'Unknown listing id.', messageCode: 'id.unknownListing' },
    ]);
  });

  it('is empty for a user who wished nothing, and refuses a forged cursor', async () => {
    const newcomer = await createAccount(t, 'user');
    expect((await call(newcomer, 'GET', '/api/v1/wishlist')).json()).toEqual({
      items: [],
      nextCursor: null,
    });
    const forged = await call(newcomer, 'GET', '/api/v1/wishlist?cursor=bm90LWEtY3Vyc29y');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errors).toEqual([
      { path: 'cursor', message: 'The page cursor is not valid.', messageCode: 'cursor.invalid' },
    ]);
  });
});

describe('one wishlist item', () => {
  it('gives the owner the item with its property card (the make-offer page)', async () => {
    const listingId = await createListing(t, agent, { title: 'Banani duplex' });
    const itemId = await wish(user, listingId);
    const response = await call(user, 'GET', `/api/v1/wishlist/${itemId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: itemId,
      listing: { id: listingId, title: 'Banani duplex', price: { min: 5000, max: 5100 } },
    });
  });

  it('names the open offer a new one would run into: waiting for the agent, then accepted', async () => {
    const listingId = await createListing(t, agent);
    const deadline = dhakaDate(7);
    const offered = await offerFrom(user, listingId, { amount: 5050, deadline });
    const itemId = await wish(user, listingId);
    const openOffer = async () =>
      (await call(user, 'GET', `/api/v1/wishlist/${itemId}`)).json().openOffer;
    expect(await openOffer()).toEqual({ id: offered, amount: 5050, deadline, status: 'pending' });
    // What the page is told is what the server does with a second offer.
    const again = await call(user, 'POST', `/api/v1/wishlist/${itemId}/offer`, {
      amount: 5060,
      deadline,
    });
    expect(again.statusCode).toBe(409);
    // Another buyer's item on the same listing: none of theirs.
    const othersItem = await wish(otherUser, listingId);
    const others = await call(otherUser, 'GET', `/api/v1/wishlist/${othersItem}`);
    expect(others.json().openOffer).toBeNull();

    expect((await call(agent, 'POST', `/api/v1/offers/${offered}/accept`)).statusCode).toBe(200);
    expect(await openOffer()).toEqual({ id: offered, amount: 5050, deadline, status: 'accepted' });
  });

  it('names none once the offer is rejected or past its deadline, and a new offer is taken', async () => {
    const rejectedOn = await createListing(t, agent);
    const rejected = await offerFrom(user, rejectedOn, { amount: 5000, deadline: dhakaDate(3) });
    expect((await call(agent, 'POST', `/api/v1/offers/${rejected}/reject`)).statusCode).toBe(200);

    const expiredOn = await createListing(t, agent);
    const expired = await offerFrom(user, expiredOn, { amount: 5000, deadline: dhakaDate(3) });
    // Its deadline passed before its expiry job ran: stored as pending, shown as expired.
    await t.database.db
      .update(offer)
      .set({ deadline: dhakaDate(-1) })
      .where(eq(offer.id, expired));

    for (const listingId of [rejectedOn, expiredOn]) {
      const itemId = await wish(user, listingId);
      const item = await call(user, 'GET', `/api/v1/wishlist/${itemId}`);
      expect(item.json().openOffer).toBeNull();
      const made = await call(user, 'POST', `/api/v1/wishlist/${itemId}/offer`, {
        amount: 5000,
        deadline: dhakaDate(7),
      });
      expect(made.statusCode, made.body).toBe(201);
    }
  });

  it("is 404 for another user's item and for a malformed id 400", async () => {
    const itemId = await wish(user, await createListing(t, agent));
    const response = await call(otherUser, 'GET', `/api/v1/wishlist/${itemId}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('This property is not on your wishlist.');
    expect((await call(user, 'GET', '/api/v1/wishlist/not-a-uuid')).statusCode).toBe(400);
  });

  it('is 404 once its listing is no longer public', async () => {
    const listingId = await createListing(t, agent);
    const itemId = await wish(user, listingId);
    await t.database.db
      .update(listing)
      .set({ delistedAt: new Date() })
      .where(eq(listing.id, listingId));
    expect((await call(user, 'GET', `/api/v1/wishlist/${itemId}`)).statusCode).toBe(404);
  });
});

describe('removing from the wishlist', () => {
  it('removes an own item and says which property was removed', async () => {
    const listingId = await createListing(t, agent, { title: 'Dhanmondi corner flat' });
    const itemId = await wish(user, listingId);
    const response = await call(user, 'DELETE', `/api/v1/wishlist/${itemId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: itemId,
      listing: { id: listingId, title: 'Dhanmondi corner flat' },
    });
    expect((await call(user, 'GET', `/api/v1/wishlist/${itemId}`)).statusCode).toBe(404);
    const again = await call(user, 'DELETE', `/api/v1/wishlist/${itemId}`);
    expect(again.statusCode).toBe(404);
    // Gone means it can be added again.
    await wish(user, listingId);
  });

  it("cannot remove another user's item", async () => {
    const itemId = await wish(user, await createListing(t, agent));
    expect((await call(otherUser, 'DELETE', `/api/v1/wishlist/${itemId}`)).statusCode).toBe(404);
    expect((await call(user, 'GET', `/api/v1/wishlist/${itemId}`)).statusCode).toBe(200);
  });

  it('can remove an item whose listing was sold meanwhile', async () => {
    const listingId = await createListing(t, agent);
    const itemId = await wish(user, listingId);
    await t.database.db
      .update(listing)
      .set({ soldAt: new Date() })
      .where(eq(listing.id, listingId));
    expect((await call(user, 'DELETE', `/api/v1/wishlist/${itemId}`)).statusCode).toBe(200);
  });
});
