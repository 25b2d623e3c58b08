import { and, eq, inArray } from 'drizzle-orm';
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
import { makeOffer } from './make-offer.service.ts';

let t: TestApp;
let agent: TestAccount;
let otherAgent: TestAccount;
let admin: TestAccount;
let buyer: TestAccount;
let otherBuyer: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  agent = await createAccount(t, 'agent', { name: 'Agent Babul' });
  otherAgent = await createAccount(t, 'agent');
  admin = await createAccount(t, 'admin');
  buyer = await createAccount(t, 'user', { name: 'Buyer Chaity' });
  otherBuyer = await createAccount(t, 'user', { name: 'Buyer Dipu' });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST';

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

function offerFrom(account: TestAccount, itemId: string, body: object) {
  return call(account, 'POST', `/api/v1/wishlist/${itemId}/offer`, body);
}

/** Wishes the listing and makes an offer on it; returns the offer id. */
async function makeOfferOn(
  account: TestAccount,
  listingId: string,
  amount = 5050,
  deadline = dhakaDate(7),
): Promise<string> {
  const response = await offerFrom(account, await wish(account, listingId), { amount, deadline });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** Writes an offer straight into the database (past deadlines, paid offers, …). */
async function insertOffer(
  listingId: string,
  buyerId: string | null,
  values: Partial<typeof offer.$inferInsert> = {},
): Promise<string> {
  const [row] = await t.database.db
    .insert(offer)
    .values({ listingId: listingId, buyerId, amount: 5000, deadline: dhakaDate(7), ...values })
    .returning({ id: offer.id });
  if (!row) throw new Error('offer insert returned nothing');
  return row.id;
}

async function storedStatusOf(offerId: string) {
  const [row] = await t.database.db
    .select({ status: offer.status })
    .from(offer)
    .where(eq(offer.id, offerId));
  return row?.status;
}

async function wishlistHas(account: TestAccount, listingId: string): Promise<boolean> {
  const rows = await t.database.db
    .select()
    .from(wishlistItem)
    .where(and(eq(wishlistItem.userId, account.id), eq(wishlistItem.listingId, listingId)));
  return rows.length > 0;
}

const unknownId = '00000000-0000-4000-8000-000000000000';

describe('who may use offers', () => {
  const userRoutes: [string, Method, string, object?][] = [
    [
      'make an offer',
      'POST',
      `/api/v1/wishlist/${unknownId}/offer`,
      { amount: 5000, deadline: dhakaDate(1) },
    ],
    ['list own offers', 'GET', '/api/v1/offers/mine'],
  ];
  const agentRoutes: [string, Method, string][] = [
    ['list received offers', 'GET', '/api/v1/offers/received'],
    ['accept', 'POST', `/api/v1/offers/${unknownId}/accept`],
    ['reject', 'POST', `/api/v1/offers/${unknownId}/reject`],
  ];

  it.each(userRoutes)(
    '%s: anonymous 401, agent and admin 403, user allowed',
    async (_name, method, url, payload) => {
      expect((await call(null, method, url, payload)).statusCode).toBe(401);
      expect((await call(agent, method, url, payload)).statusCode).toBe(403);
      expect((await call(admin, method, url, payload)).statusCode).toBe(403);
      expect([200, 404]).toContain((await call(buyer, method, url, payload)).statusCode);
    },
  );

  it.each(agentRoutes)(
    '%s: anonymous 401, user and admin 403, agent allowed',
    async (_name, method, url) => {
      expect((await call(null, method, url)).statusCode).toBe(401);
      expect((await call(buyer, method, url)).statusCode).toBe(403);
      expect((await call(admin, method, url)).statusCode).toBe(403);
      expect([200, 404]).toContain((await call(agent, method, url)).statusCode);
    },
  );
});

describe('making an offer', () => {
  it('creates a pending offer and removes the wishlist item, in one go', async () => {
    const listingId = await createListing(t, agent, { title: 'Uttara family flat' });
    const itemId = await wish(buyer, listingId);
    const deadline = dhakaDate(10);
    const response = await offerFrom(buyer, itemId, { amount: 5075, deadline });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      listing: {
        id: listingId,
        title: 'Uttara family flat',
        price: { min: 5000, max: 5100 },
        agent: { id: agent.id, email: agent.email },
      },
      amount: 5075,
      deadline,
      status: 'pending',
    });
    expect((await call(buyer, 'GET', `/api/v1/wishlist/${itemId}`)).statusCode).toBe(404);
    expect(await wishlistHas(buyer, listingId)).toBe(false);
  });

  it('accepts the minimum price, a numeric string and a deadline of today in Dhaka', async () => {
    const listingId = await createListing(t, agent);
    const response = await offerFrom(buyer, await wish(buyer, listingId), {
      amount: '5000',
      deadline: dhakaDate(0),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ amount: 5000, deadline: dhakaDate(0) });
  });

  it.each([
    [{ amount: 5050, deadline: dhakaDate(-1) }, 'deadline', 'Select A Valid Date'],
    [{ amount: 5050, deadline: 'tomorrow' }, 'deadline', 'Select A Valid Date'],
    [
      { amount: 5050, deadline: dhakaDate(366) },
      'deadline',
      'Choose a deadline within a year from today.',
    ],
    [{ amount: 'lots', deadline: dhakaDate(1) }, 'amount', 'Offered price cannot be a string'],
    [{ amount: 5050.5, deadline: dhakaDate(1) }, 'amount', 'Enter whole taka, without paisa.'],
    [{ amount: 4999, deadline: dhakaDate(1) }, 'amount', 'Make a valid offer'],
  ])('refuses %j: %s “%s”, and keeps the wishlist item', async (body, path, message) => {
    const listingId = await createListing(t, agent);
    const itemId = await wish(buyer, listingId);
    const response = await offerFrom(buyer, itemId, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: message, errors: [{ path, message }] });
    expect(await wishlistHas(buyer, listingId)).toBe(true);
  });

  it('checks the deadline against the database date too, not only in the request schema', async () => {
    const listingId = await createListing(t, agent);
    const itemId = await wish(buyer, listingId);
    const actor = {
      id: buyer.id,
      name: 'Buyer',
      email: buyer.email,
      role: 'user',
      fraud: false,
    } as const;
    await expect(
      makeOffer(t.database.db, actor, itemId, { amount: 5050, deadline: dhakaDate(-1) }),
    ).rejects.toMatchObject({
      status: 400,
      extra: { errors: [{ path: 'deadline', message: 'Select A Valid Date' }] },
    });
    expect(await wishlistHas(buyer, listingId)).toBe(true);
  });

  it("is 404 for another user's wishlist item and for an unknown one", async () => {
    const itemId = await wish(buyer, await createListing(t, agent));
    const body = { amount: 5050, deadline: dhakaDate(1) };
    const response = await offerFrom(otherBuyer, itemId, body);
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('This property is not on your wishlist.');
    expect((await offerFrom(buyer, unknownId, body)).statusCode).toBe(404);
    expect((await offerFrom(buyer, 'not-a-uuid', body)).statusCode).toBe(400);
  });

  it('allows one open offer per buyer per listing', async () => {
    const listingId = await createListing(t, agent);
    await makeOfferOn(buyer, listingId);
    const itemId = await wish(buyer, listingId);
    const again = await offerFrom(buyer, itemId, { amount: 5090, deadline: dhakaDate(3) });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('You already have an open offer on this property.');
    expect(await wishlistHas(buyer, listingId)).toBe(true);
    // Other buyers may still make theirs.
    await makeOfferOn(otherBuyer, listingId);
  });

  it('lets a new offer replace the buyer’s own expired one on the same listing', async () => {
    const listingId = await createListing(t, agent);
    const expiredId = await insertOffer(listingId, buyer.id, { deadline: dhakaDate(-2) });
    const newId = await makeOfferOn(buyer, listingId, 5060);
    expect(await storedStatusOf(expiredId)).toBeUndefined();
    expect(await storedStatusOf(newId)).toBe('pending');
  });

  it('refuses an offer on your own listing', async () => {
    // Only agents list properties and only users make offers, so this takes a listing
    // whose owner account is a user (as after a role change).
    const listingId = await createListing(t, buyer);
    const response = await offerFrom(buyer, await wish(buyer, listingId), {
      amount: 5050,
      deadline: dhakaDate(1),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe('You cannot make an offer on your own property.');
  });

  it.each([
    ['sold', { soldAt: new Date() }, 409, 'This property has already been sold.'],
    ['delisted', { delistedAt: new Date() }, 404, 'This property is no longer available.'],
    [
      'back under review',
      { status: 'pending' as const },
      404,
      'This property is no longer available.',
    ],
  ])('refuses a listing %s since it was wished', async (_state, change, status, message) => {
    const listingId = await createListing(t, agent);
    const itemId = await wish(buyer, listingId);
    await t.database.db.update(listing).set(change).where(eq(listing.id, listingId));
    const response = await offerFrom(buyer, itemId, { amount: 5050, deadline: dhakaDate(1) });
    expect(response.statusCode).toBe(status);
    expect(response.json().detail).toBe(message);
  });

  it('five concurrent offers from the same wishlist item: exactly one 201', async () => {
    const listingId = await createListing(t, agent);
    const itemId = await wish(buyer, listingId);
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        offerFrom(buyer, itemId, { amount: 5000 + i, deadline: dhakaDate(2) }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 404)).toHaveLength(4);
    const rows = await t.database.db.select().from(offer).where(eq(offer.listingId, listingId));
    expect(rows).toHaveLength(1);
    expect(await wishlistHas(buyer, listingId)).toBe(false);
  });
});

describe("the buyer's offers", () => {
  it('lists own offers newest first with card, amount, deadline and derived status', async () => {
    const shopper = await createAccount(t, 'user');
    const listings = [];
    for (let i = 0; i < 5; i += 1) listings.push(await createListing(t, agent));
    const [l0, l1, l2, l3, l4] = listings as [string, string, string, string, string];
    // Each offer newer than the one before: the list is newest first.
    const pending = await makeOfferOn(shopper, l0, 5010, dhakaDate(5));
    await afterTheClockTicks();
    const expired = await insertOffer(l1, shopper.id, { deadline: dhakaDate(-1) });
    await afterTheClockTicks();
    const rejected = await insertOffer(l2, shopper.id, { status: 'rejected' });
    await afterTheClockTicks();
    const accepted = await insertOffer(l3, shopper.id, { status: 'accepted' });
    await afterTheClockTicks();
    const paid = await insertOffer(l4, shopper.id, { status: 'paid', amount: 5100 });
    await makeOfferOn(otherBuyer, l0);

    const first = await call(shopper, 'GET', '/api/v1/offers/mine?limit=3');
    expect(first.statusCode).toBe(200);
    expect(first.json().items.map((o: { id: string; status: string }) => [o.id, o.status])).toEqual(
      [
        [paid, 'paid'],
        [accepted, 'accepted'],
        [rejected, 'rejected'],
      ],
    );
    expect(first.json().items[0]).toMatchObject({
      listing: { id: l4, agent: { email: agent.email } },
      amount: 5100,
      deadline: dhakaDate(7),
    });
    const second = await call(
      shopper,
      'GET',
      `/api/v1/offers/mine?limit=3&cursor=${first.json().nextCursor}`,
    );
    expect(
      second.json().items.map((o: { id: string; status: string }) => [o.id, o.status]),
    ).toEqual([
      [expired, 'expired'],
      [pending, 'pending'],
    ]);
    expect(second.json().nextCursor).toBeNull();

    const onlyExpired = await call(shopper, 'GET', '/api/v1/offers/mine?status=expired');
    expect(onlyExpired.json().items.map((o: { id: string }) => o.id)).toEqual([expired]);
    const onlyPending = await call(shopper, 'GET', '/api/v1/offers/mine?status=pending');
    expect(onlyPending.json().items.map((o: { id: string }) => o.id)).toEqual([pending]);
    expect((await call(shopper, 'GET', '/api/v1/offers/mine?status=Pending')).statusCode).toBe(400);
  });

  it('drops open offers on delisted listings but keeps paid ones on record', async () => {
    const shopper = await createAccount(t, 'user');
    const openListing = await createListing(t, agent);
    const paidListing = await createListing(t, agent);
    await makeOfferOn(shopper, openListing);
    const paid = await insertOffer(paidListing, shopper.id, { status: 'paid' });
    await t.database.db
      .update(listing)
      .set({ delistedAt: new Date() })
      .where(inArray(listing.id, [openListing, paidListing]));
    const mine = await call(shopper, 'GET', '/api/v1/offers/mine');
    expect(mine.json().items.map((o: { id: string }) => o.id)).toEqual([paid]);
  });
});

describe("the agent's received offers", () => {
  it('lists offers on own listings with buyer, amount, asking range, deadline and status', async () => {
    const seller = await createAccount(t, 'agent');
    const listingId = await createListing(t, seller, {
      title: 'Mirpur studio',
      priceMin: 6000,
      priceMax: 7000,
    });
    const elsewhere = await createListing(t, otherAgent);
    const first = await makeOfferOn(buyer, listingId, 6500, dhakaDate(4));
    await afterTheClockTicks(); // the second offer is the newer one: it comes first
    const expired = await insertOffer(listingId, otherBuyer.id, {
      deadline: dhakaDate(-3),
      amount: 6100,
    });
    await makeOfferOn(buyer, elsewhere);

    const response = await call(seller, 'GET', '/api/v1/offers/received');
    expect(response.statusCode).toBe(200);
    const { items, nextCursor } = response.json();
    expect(nextCursor).toBeNull();
    expect(items).toHaveLength(2);
    expect(items[0]).toEqual({
      id: expired,
      listing: { id: listingId, title: 'Mirpur studio', price: { min: 6000, max: 7000 } },
      priceAtOffer: { min: 6000, max: 7000 },
      buyer: {
        id: otherBuyer.id,
        name: 'Buyer Dipu',
        email: otherBuyer.email,
        photoUrl: expect.stringMatching(/^\/media\//),
      },
      amount: 6100,
      deadline: dhakaDate(-3),
      status: 'expired',
      // Still pending in the database: accepting `first` would reject it too.
      otherPendingOffers: 1,
      createdAt: expect.any(String),
    });
    expect(items[1]).toMatchObject({
      id: first,
      buyer: { id: buyer.id, name: 'Buyer Chaity' },
      amount: 6500,
      deadline: dhakaDate(4),
      status: 'pending',
    });

    const pendingOnly = await call(seller, 'GET', '/api/v1/offers/received?status=pending');
    expect(pendingOnly.json().items.map((o: { id: string }) => o.id)).toEqual([first]);
    const page = await call(seller, 'GET', '/api/v1/offers/received?limit=1');
    expect(page.json().items.map((o: { id: string }) => o.id)).toEqual([expired]);
    const next = await call(
      seller,
      'GET',
      `/api/v1/offers/received?limit=1&cursor=${page.json().nextCursor}`,
    );
    expect(next.json()).toEqual({
      items: [expect.objectContaining({ id: first })],
      nextCursor: null,
    });
  });

  it('says beside each offer how many other pending offers its listing has, whatever the page', async () => {
    const seller = await createAccount(t, 'agent');
    const [busy, quiet] = [await createListing(t, seller), await createListing(t, seller)];
    const buyers = await Promise.all([1, 2, 3].map(() => createAccount(t, 'user')));
    const onBusy = [];
    for (const account of buyers) onBusy.push(await makeOfferOn(account, busy));
    await insertOffer(busy, otherBuyer.id, { status: 'rejected' }); // decided: not counted
    const alone = await makeOfferOn(buyer, quiet);

    const counted = new Map<string, number>();
    let cursor: string | null = null;
    do {
      const query: string = `?limit=1${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await call(seller, 'GET', `/api/v1/offers/received${query}`)).json();
      for (const item of page.items) counted.set(item.id, item.otherPendingOffers);
      cursor = page.nextCursor;
    } while (cursor);
    expect(onBusy.map((id) => counted.get(id))).toEqual([2, 2, 2]);
    expect(counted.get(alone)).toBe(0);

    // Accepting one rejects exactly the two it said; the accepted offer then has no rivals.
    const accepted = await call(seller, 'POST', `/api/v1/offers/${onBusy[0]}/accept`);
    expect(accepted.json()).toMatchObject({ status: 'accepted', otherPendingOffers: 0 });
    const after = (await call(seller, 'GET', '/api/v1/offers/received?status=rejected')).json();
    expect(after.items.map((o: { id: string }) => o.id)).toEqual(
      expect.arrayContaining([onBusy[1], onBusy[2]]),
    );
  });

  it("shows no buyer once the buyer's account is gone", async () => {
    const seller = await createAccount(t, 'agent');
    const listingId = await createListing(t, seller);
    await insertOffer(listingId, null, { status: 'paid' });
    const items = (await call(seller, 'GET', '/api/v1/offers/received')).json().items;
    expect(items).toEqual([expect.objectContaining({ buyer: null, status: 'paid' })]);
  });
});

describe('accepting and rejecting offers', () => {
  it('accepting one offer rejects the other pending offers on that listing only', async () => {
    const listingId = await createListing(t, agent);
    const otherListing = await createListing(t, agent);
    const chosen = await makeOfferOn(buyer, listingId, 5050);
    const loser = await makeOfferOn(otherBuyer, listingId, 5020);
    const elsewhere = await makeOfferOn(otherBuyer, otherListing);

    const response = await call(agent, 'POST', `/api/v1/offers/${chosen}/accept`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: chosen, status: 'accepted', amount: 5050 });
    expect(await storedStatusOf(loser)).toBe('rejected');
    expect(await storedStatusOf(elsewhere)).toBe('pending');

    const mine = (await call(buyer, 'GET', '/api/v1/offers/mine')).json().items;
    expect(mine.find((o: { id: string }) => o.id === chosen)).toMatchObject({
      status: 'accepted',
      lostToAnotherOffer: false,
    });
    // The other buyer sees why: not the agent's answer to their offer, another one's taking.
    const theirs = (await call(otherBuyer, 'GET', '/api/v1/offers/mine')).json().items;
    expect(theirs.find((o: { id: string }) => o.id === loser)).toMatchObject({
      status: 'rejected',
      lostToAnotherOffer: true,
    });

    const twice = await call(agent, 'POST', `/api/v1/offers/${chosen}/accept`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('This offer has already been accepted.');
    const rejectAccepted = await call(agent, 'POST', `/api/v1/offers/${chosen}/reject`);
    expect(rejectAccepted.statusCode).toBe(409);
    const acceptLoser = await call(agent, 'POST', `/api/v1/offers/${loser}/accept`);
    expect(acceptLoser.statusCode).toBe(409);
    expect(acceptLoser.json().detail).toBe('This offer has already been rejected.');
  });

  it('refuses a second winner on a listing, even from an offer still pending', async () => {
    const listingId = await createListing(t, agent);
    await insertOffer(listingId, otherBuyer.id, { status: 'accepted' });
    const late = await insertOffer(listingId, buyer.id);
    const response = await call(agent, 'POST', `/api/v1/offers/${late}/accept`);
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(
      'Another offer on this property has already been accepted.',
    );
    expect(await storedStatusOf(late)).toBe('pending');
  });

  it('rejects a pending offer, once', async () => {
    const offerId = await makeOfferOn(buyer, await createListing(t, agent));
    const response = await call(agent, 'POST', `/api/v1/offers/${offerId}/reject`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: offerId, status: 'rejected' });
    const mine = (await call(buyer, 'GET', '/api/v1/offers/mine')).json().items;
    expect(mine.find((o: { id: string }) => o.id === offerId).lostToAnotherOffer).toBe(false);
    const again = await call(agent, 'POST', `/api/v1/offers/${offerId}/reject`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This offer has already been rejected.');
  });

  it("is 404 for another agent's offer, and 400 for a malformed id", async () => {
    const offerId = await makeOfferOn(buyer, await createListing(t, agent));
    for (const action of ['accept', 'reject']) {
      const response = await call(otherAgent, 'POST', `/api/v1/offers/${offerId}/${action}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe('This offer does not exist.');
    }
    expect(await storedStatusOf(offerId)).toBe('pending');
    expect((await call(agent, 'POST', '/api/v1/offers/nope/accept')).statusCode).toBe(400);
  });

  it('an offer past its deadline shows as expired and can be neither accepted nor rejected', async () => {
    const listingId = await createListing(t, agent);
    const offerId = await insertOffer(listingId, buyer.id, { deadline: dhakaDate(-1) });
    const received = (await call(agent, 'GET', '/api/v1/offers/received?status=expired')).json();
    expect(received.items.map((o: { id: string }) => o.id)).toContain(offerId);
    const mine = (await call(buyer, 'GET', '/api/v1/offers/mine?status=expired')).json();
    expect(mine.items.map((o: { id: string }) => o.id)).toContain(offerId);

    for (const action of ['accept', 'reject']) {
      const response = await call(agent, 'POST', `/api/v1/offers/${offerId}/${action}`);
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe('This offer has expired.');
    }
    expect(await storedStatusOf(offerId)).toBe('pending');
  });

  it('an offer whose deadline is today can still be accepted', async () => {
    const offerId = await makeOfferOn(buyer, await createListing(t, agent), 5050, dhakaDate(0));
    expect((await call(agent, 'POST', `/api/v1/offers/${offerId}/accept`)).statusCode).toBe(200);
  });

  it.each([
    ['sold', { soldAt: new Date() }, 'This property has already been sold.'],
    ['delisted', { delistedAt: new Date() }, 'This property is no longer available.'],
  ])('refuses to accept on a %s listing', async (_state, change, message) => {
    const listingId = await createListing(t, agent);
    const offerId = await makeOfferOn(buyer, listingId);
    await t.database.db.update(listing).set(change).where(eq(listing.id, listingId));
    const response = await call(agent, 'POST', `/api/v1/offers/${offerId}/accept`);
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(message);
    expect(await storedStatusOf(offerId)).toBe('pending');
  });

  it('two concurrent accepts on one listing: exactly one wins, the other gets 409', async () => {
    const listingId = await createListing(t, agent);
    const first = await makeOfferOn(buyer, listingId, 5050);
    const second = await makeOfferOn(otherBuyer, listingId, 5060);
    const responses = await Promise.all([
      call(agent, 'POST', `/api/v1/offers/${first}/accept`),
      call(agent, 'POST', `/api/v1/offers/${second}/accept`),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const statuses = [await storedStatusOf(first), await storedStatusOf(second)].sort();
    expect(statuses).toEqual(['accepted', 'rejected']);
    const loser = responses.find((r) => r.statusCode === 409);
    expect(loser?.json().detail).toMatch(/already been (rejected|accepted)/);
  });
});
