import { listingMessages, offerMessages, reviewMessages, wishlistMessages } from '@basha/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptedOffer,
  as,
  dhakaDate,
  expiryIn,
  startPayment,
} from '../../../test/payments-test-kit.ts';
import {
  createAccount,
  createTestApp,
  type TestAccount,
  type TestApp,
} from '../../../test/test-app.ts';

// A sold listing, as each of its four kinds of viewer meets it: its buyer and its agent see
// it with its sale, admins too; anyone else is told it does not exist. The buyer alone may
// still review it; nobody may wish for it or offer on it.

let t: TestApp;
let agent: TestAccount;
let buyer: TestAccount;
let otherUser: TestAccount;
let admin: TestAccount;
let listingId: string;
const wishlistItemOf = new Map<TestAccount, string>();

type Method = 'GET' | 'POST';
const call = (account: TestAccount, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(account), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  [agent, buyer, otherUser, admin] = await Promise.all([
    createAccount(t, 'agent'),
    createAccount(t, 'user'),
    createAccount(t, 'user'),
    createAccount(t, 'admin'),
  ]);
  const sale = await acceptedOffer(t, agent, buyer, { amount: 5080 });
  listingId = sale.listingId;
  // Both users put the listing on their wishlists while it was for sale.
  for (const account of [buyer, otherUser]) {
    const added = await call(account, 'POST', '/api/v1/wishlist', { listingId });
    expect(added.statusCode).toBe(201);
    wishlistItemOf.set(account, added.json().id);
  }
  const { clientSecret } = (await startPayment(t, buyer, sale.offerId)).json();
  const paid = await call(buyer, 'POST', `/api/v1/offers/${sale.offerId}/payment`, {
    clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: expiryIn(12),
    cvc: '123',
  });
  expect(paid.statusCode).toBe(200);
});
afterAll(() => t.close());

const details = (account: TestAccount) => call(account, 'GET', `/api/v1/listings/${listingId}`);
const reviews = (account: TestAccount) =>
  call(account, 'GET', `/api/v1/listings/${listingId}/reviews`);
const addReview = (account: TestAccount) =>
  call(account, 'POST', `/api/v1/listings/${listingId}/reviews`, {
    rating: 5,
    text: 'We moved in last month: every word of the listing was true.',
  });
const wish = (account: TestAccount) => call(account, 'POST', '/api/v1/wishlist', { listingId });
const offerFromWishlist = (account: TestAccount) =>
  call(account, 'POST', `/api/v1/wishlist/${wishlistItemOf.get(account)}/offer`, {
    amount: 5100,
    deadline: dhakaDate(5),
  });

describe('a sold listing', () => {
  it('shows its buyer the listing with its sale, and the sale is theirs', async () => {
    const response = await details(buyer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: listingId,
      sold: true,
      sale: { price: 5080, boughtByViewer: true },
    });
    expect(Date.parse(response.json().sale.soldAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('shows its agent and admins the listing with its sale, not bought by them', async () => {
    for (const account of [agent, admin]) {
      const response = await details(account);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        sold: true,
        sale: { price: 5080, boughtByViewer: false },
      });
    }
  });

  it('does not exist for any other user: details and reviews alike', async () => {
    const shown = await details(otherUser);
    expect(shown.statusCode).toBe(404);
    expect(shown.json().detail).toBe(listingMessages.notFound);
    const listed = await reviews(otherUser);
    expect(listed.statusCode).toBe(404);
    expect(listed.json().detail).toBe(reviewMessages.listingNotFound);
  });

  it('takes one review from its buyer, which its buyer, agent and admins then read', async () => {
    const created = await addReview(buyer);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ listing: { id: listingId }, rating: 5 });
    for (const account of [buyer, agent, admin]) {
      const response = await reviews(account);
      expect(response.statusCode).toBe(200);
      expect(response.json().items.map((item: { id: string }) => item.id)).toEqual([
        created.json().id,
      ]);
    }
    const again = await addReview(buyer);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(reviewMessages.alreadyReviewed);
  });

  it('takes no review from anyone else', async () => {
    const fromOtherUser = await addReview(otherUser);
    expect(fromOtherUser.statusCode).toBe(404);
    expect(fromOtherUser.json().detail).toBe(reviewMessages.listingNotFound);
    for (const account of [agent, admin]) {
      expect((await addReview(account)).statusCode).toBe(403);
    }
    const written = (await reviews(admin)).json().items;
    expect(
      written.every((item: { reviewer: { id: string } }) => item.reviewer.id === buyer.id),
    ).toBe(true);
  });

  it('goes on nobody’s wishlist', async () => {
    for (const account of [buyer, otherUser]) {
      const response = await wish(account);
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe(wishlistMessages.listingUnavailable);
    }
    for (const account of [agent, admin]) {
      expect((await wish(account)).statusCode).toBe(403);
    }
  });

  it('takes no offer, even from a wishlist item kept from before the sale', async () => {
    for (const account of [buyer, otherUser]) {
      const response = await offerFromWishlist(account);
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe(offerMessages.listingSold);
    }
    for (const account of [agent, admin]) {
      const response = await call(
        account,
        'POST',
        `/api/v1/wishlist/${wishlistItemOf.get(buyer)}/offer`,
        {
          amount: 5100,
          deadline: dhakaDate(5),
        },
      );
      expect(response.statusCode).toBe(403);
    }
    expect((await call(otherUser, 'GET', '/api/v1/offers/mine')).json().items).toEqual([]);
    const buyerOffers = (await call(buyer, 'GET', '/api/v1/offers/mine')).json().items;
    expect(buyerOffers.map((item: { status: string }) => item.status)).toEqual(['paid']);
  });
});
