import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterTheClockTicks } from '../../../test/clock.ts';
import { createListing } from '../../../test/factories.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';
import { auditLog, listing, offer, review, wishlistItem } from '../../db/schema.ts';

let t: TestApp;
let admin: TestAccount;
let honestAgent: TestAccount;
let buyer: TestAccount;
let otherBuyer: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  [admin, honestAgent, buyer, otherBuyer] = await Promise.all([
    createAccount(t, 'admin', { name: 'Admin Ayesha' }),
    createAccount(t, 'agent'),
    createAccount(t, 'user'),
    createAccount(t, 'user'),
  ]);
});
afterAll(() => t.close());

function call(account: TestAccount | null, method: 'GET' | 'POST' | 'DELETE', url: string) {
  return t.app.inject({ method, url, headers: account ? { cookie: account.cookie } : {} });
}

const db = () => t.database.db;

async function addToWishlist(userId: string, listingId: string) {
  const [row] = await db()
    .insert(wishlistItem)
    .values({ userId, listingId })
    .returning({ id: wishlistItem.id });
  return row?.id as string;
}

async function makeOffer(
  buyerId: string,
  listingId: string,
  status: 'pending' | 'accepted' | 'rejected' | 'paid',
) {
  const [row] = await db()
    .insert(offer)
    .values({
      listingId,
      buyerId,
      amount: 5050,
      deadline: '2099-12-31',
      status,
      paidAt: status === 'paid' ? new Date() : null,
    })
    .returning({ id: offer.id });
  return row?.id as string;
}

async function writeReview(reviewerId: string, listingId: string, featured = false) {
  const [row] = await db()
    .insert(review)
    .values({
      listingId,
      reviewerId,
      rating: 4,
      text: 'Good place',
      featuredAt: featured ? new Date() : null,
    })
    .returning({ id: review.id });
  return row?.id as string;
}

const listingsById = async (ids: string[]) =>
  new Map(
    (await db().select().from(listing).where(inArray(listing.id, ids))).map((p) => [p.id, p]),
  );
const offersById = async (ids: string[]) =>
  new Map((await db().select().from(offer).where(inArray(offer.id, ids))).map((o) => [o.id, o]));

describe('marking an agent as fraud', () => {
  it('delists their unsold listings, clears wishlists and open offers, keeps sales', async () => {
    const fraud = await createAccount(t, 'agent');
    const onSale = await createListing(t, fraud);
    const withAcceptedOffer = await createListing(t, fraud);
    const awaitingVerification = await createListing(t, fraud, { status: 'pending' });
    const sold = await createListing(t, fraud, { soldAt: new Date() });
    const honestListing = await createListing(t, honestAgent);

    const wished = await addToWishlist(buyer.id, onSale);
    const wishedElsewhere = await addToWishlist(buyer.id, honestListing);
    const pending = await makeOffer(buyer.id, onSale, 'pending');
    const alreadyRejected = await makeOffer(otherBuyer.id, onSale, 'rejected');
    const accepted = await makeOffer(otherBuyer.id, withAcceptedOffer, 'accepted');
    const paid = await makeOffer(buyer.id, sold, 'paid');
    const pendingElsewhere = await makeOffer(otherBuyer.id, honestListing, 'pending');
    const featuredReview = await writeReview(buyer.id, onSale, true);
    const featuredElsewhere = await writeReview(buyer.id, honestListing, true);

    const response = await call(admin, 'POST', `/api/v1/users/${fraud.id}/fraud`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: fraud.id, fraud: true });

    const listings = await listingsById([
      onSale,
      withAcceptedOffer,
      awaitingVerification,
      sold,
      honestListing,
    ]);
    for (const id of [onSale, withAcceptedOffer, awaitingVerification]) {
      expect(listings.get(id)?.delistedAt).toBeInstanceOf(Date);
    }
    expect(listings.get(sold)).toMatchObject({ delistedAt: null, soldAt: expect.any(Date) });
    expect(listings.get(honestListing)?.delistedAt).toBeNull();

    const wishlist = await db()
      .select({ id: wishlistItem.id })
      .from(wishlistItem)
      .where(inArray(wishlistItem.id, [wished, wishedElsewhere]));
    expect(wishlist.map((w) => w.id)).toEqual([wishedElsewhere]);

    const offers = await offersById([pending, alreadyRejected, accepted, paid, pendingElsewhere]);
    expect(offers.get(pending)).toMatchObject({ status: 'rejected', decidedAt: expect.any(Date) });
    expect(offers.get(accepted)?.status).toBe('rejected');
    expect(offers.get(alreadyRejected)?.status).toBe('rejected');
    expect(offers.get(paid)).toMatchObject({ status: 'paid', buyerId: buyer.id });
    expect(offers.get(pendingElsewhere)?.status).toBe('pending');

    const reviews = await db()
      .select({ id: review.id, featuredAt: review.featuredAt })
      .from(review)
      .where(inArray(review.id, [featuredReview, featuredElsewhere]));
    expect(new Map(reviews.map((r) => [r.id, r.featuredAt !== null]))).toEqual(
      new Map([
        [featuredReview, false],
        [featuredElsewhere, true],
      ]),
    );
    // The listing's reviews are gone from view for everyone but admins.
    expect((await call(buyer, 'GET', `/api/v1/listings/${onSale}/reviews`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/api/v1/listings/${onSale}/reviews`)).statusCode).toBe(200);

    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, fraud.id), eq(auditLog.action, 'user.marked_fraud')));
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorName: 'Admin Ayesha',
      targetType: 'user',
      details: {
        delistedListings: 3,
        removedWishlistItems: 1,
        rejectedOffers: 2,
        unfeaturedReviews: 1,
      },
    });
  });

  it('changes nothing when the refusal stops it', async () => {
    const listing = await createListing(t, honestAgent);
    const refused = await call(admin, 'POST', `/api/v1/users/${buyer.id}/fraud`);
    expect(refused.statusCode).toBe(409);
    expect((await listingsById([listing])).get(listing)?.delistedAt).toBeNull();
  });
});

describe('deleting a user', () => {
  it('removes their wishlist, reviews and open offers; paid and rejected offers stay anonymized', async () => {
    const leaving = await createAccount(t, 'user');
    const [first, second, third, fourth] = await Promise.all([
      createListing(t, honestAgent),
      createListing(t, honestAgent),
      createListing(t, honestAgent),
      createListing(t, honestAgent, { soldAt: new Date() }),
    ]);
    await addToWishlist(leaving.id, first);
    const theirReview = await writeReview(leaving.id, first);
    const othersReview = await writeReview(buyer.id, first);
    const pending = await makeOffer(leaving.id, first, 'pending');
    const accepted = await makeOffer(leaving.id, second, 'accepted');
    const rejected = await makeOffer(leaving.id, third, 'rejected');
    const paid = await makeOffer(leaving.id, fourth, 'paid');
    const othersOffer = await makeOffer(buyer.id, second, 'pending');

    expect((await call(admin, 'DELETE', `/api/v1/users/${leaving.id}`)).statusCode).toBe(204);

    expect(
      await db().select().from(wishlistItem).where(eq(wishlistItem.userId, leaving.id)),
    ).toEqual([]);
    const reviews = await db()
      .select({ id: review.id })
      .from(review)
      .where(inArray(review.id, [theirReview, othersReview]));
    expect(reviews.map((r) => r.id)).toEqual([othersReview]);

    const offers = await offersById([pending, accepted, rejected, paid, othersOffer]);
    expect(offers.has(pending)).toBe(false);
    expect(offers.has(accepted)).toBe(false);
    expect(offers.get(rejected)).toMatchObject({ status: 'rejected', buyerId: null });
    expect(offers.get(paid)).toMatchObject({ status: 'paid', buyerId: null, amount: 5050 });
    expect(offers.get(othersOffer)).toMatchObject({ status: 'pending', buyerId: buyer.id });
    expect((await listingsById([fourth])).get(fourth)?.soldAt).toBeInstanceOf(Date);

    const [entry] = await db().select().from(auditLog).where(eq(auditLog.targetId, leaving.id));
    expect(entry).toMatchObject({
      action: 'user.deleted',
      actorId: admin.id,
      details: { email: leaving.email, removedOpenOffers: 2 },
    });
  });
});

describe('the audit log', () => {
  it('is for admins only', async () => {
    expect((await call(null, 'GET', '/api/v1/admin/audit-log')).statusCode).toBe(401);
    expect((await call(buyer, 'GET', '/api/v1/admin/audit-log')).statusCode).toBe(403);
    expect((await call(honestAgent, 'GET', '/api/v1/admin/audit-log')).statusCode).toBe(403);
  });

  it('lists every decision newest first with actor, action, target and time', async () => {
    const before = Date.now();
    const promoted = await createAccount(t, 'user', { name: 'Promoted Parvez' });
    const shady = await createAccount(t, 'agent', { name: 'Shady Shafiq' });
    const leaving = await createAccount(t, 'user', { name: 'Leaving Lima' });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${promoted.id}/role`,
      headers: { cookie: admin.cookie },
      payload: { role: 'agent' },
    });
    // Each decision after the one before: the log is newest first.
    await afterTheClockTicks();
    await call(admin, 'POST', `/api/v1/users/${shady.id}/fraud`);
    await afterTheClockTicks();
    await call(admin, 'DELETE', `/api/v1/users/${leaving.id}`);

    const response = await call(admin, 'GET', '/api/v1/admin/audit-log?limit=3');
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.items).toEqual([
      {
        id: expect.any(String),
        actor: { id: admin.id, name: 'Admin Ayesha' },
        action: 'user.deleted',
        // Nothing names a deleted account any more (its email stays in the details).
        target: { type: 'user', id: leaving.id, label: null },
        details: { email: leaving.email, removedOpenOffers: 0 },
        createdAt: expect.any(String),
      },
      expect.objectContaining({
        action: 'user.marked_fraud',
        target: { type: 'user', id: shady.id, label: 'Shady Shafiq' },
        details: {
          delistedListings: 0,
          removedWishlistItems: 0,
          rejectedOffers: 0,
          unfeaturedReviews: 0,
        },
      }),
      expect.objectContaining({
        action: 'user.promoted',
        target: { type: 'user', id: promoted.id, label: 'Promoted Parvez' },
        details: { from: 'user', to: 'agent' },
      }),
    ]);
    for (const item of page.items) {
      const at = new Date(item.createdAt).getTime();
      expect(at).toBeGreaterThanOrEqual(before - 1000);
      expect(at).toBeLessThanOrEqual(Date.now());
    }
    expect(page.nextCursor).toEqual(expect.any(String));
  });

  it("names a listing, and a review by its listing's title even once the review is deleted", async () => {
    const listingId = await createListing(t, honestAgent, {
      title: 'Audit lake view',
      status: 'pending',
    });
    expect((await call(admin, 'POST', `/api/v1/listings/${listingId}/verify`)).statusCode).toBe(
      200,
    );
    await afterTheClockTicks();
    const [written] = await db()
      .insert(review)
      .values({ listingId, reviewerId: buyer.id, rating: 2, text: 'Noisy.' })
      .returning({ id: review.id });
    await call(admin, 'DELETE', `/api/v1/reviews/${written?.id}`);

    const [deleted, verified] = (await call(admin, 'GET', '/api/v1/admin/audit-log?limit=2')).json()
      .items;
    expect(deleted).toMatchObject({
      action: 'review.deleted',
      target: { type: 'review', id: written?.id, label: 'Audit lake view' },
    });
    expect(verified).toMatchObject({
      action: 'listing.verified',
      target: { type: 'listing', id: listingId, label: 'Audit lake view' },
    });
  });

  it('pages through everything without repeats and ends with a null cursor', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `limit=2&cursor=${cursor}` : 'limit=2';
      const page: { items: { id: string }[]; nextCursor: string | null } = (
        await call(admin, 'GET', `/api/v1/admin/audit-log?${query}`)
      ).json();
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    const all = await db().select({ id: auditLog.id }).from(auditLog);
    expect(seen).toHaveLength(all.length);
    expect(new Set(seen)).toEqual(new Set(all.map((e) => e.id)));
  });

  it('refuses a malformed cursor or limit with 400', async () => {
    const forged = Buffer.from(JSON.stringify(['yesterday', randomUUID()])).toString('base64url');
    for (const query of ['cursor=abc', `cursor=${forged}`, 'limit=0', 'limit=101']) {
      const response = await call(admin, 'GET', `/api/v1/admin/audit-log?${query}`);
      expect(response.statusCode).toBe(400);
    }
  });
});
